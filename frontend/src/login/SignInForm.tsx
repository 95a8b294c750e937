import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { loginBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { signIn } from '../auth/session';
import { AuthAlert, AuthField } from './AuthFields';
import { issuesToFieldErrors } from './formErrors';
import { useAuthSubmit } from './useAuthSubmit';

const FIELDS = ['email', 'password'] as const;

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, fieldErrors, alert, setFieldErrors, setAlert, submit } = useAuthSubmit(FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setAlert(undefined);
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    void submit(() => signIn({ email, password }));
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in" sx={{ display: 'grid', gap: 2 }}>
      <AuthAlert message={alert} />
      <AuthField
        id="sign-in-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onValue={setEmail}
        error={fieldErrors.email}
      />
      <AuthField
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValue={setPassword}
        error={fieldErrors.password}
      />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ justifySelf: 'end', mt: -1 }}>
        Forgot password?
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing In…' : 'Sign In'}
      </Button>
    </Box>
  );
}
