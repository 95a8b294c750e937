import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { loginBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { signIn } from '../auth/session';
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
      {alert ? (
        <Alert severity="error" role="alert" data-testid="auth-error">
          {alert}
        </Alert>
      ) : null}
      <TextField
        id="sign-in-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={!!fieldErrors.email}
        helperText={fieldErrors.email}
      />
      <TextField
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={!!fieldErrors.password}
        helperText={fieldErrors.password}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing In…' : 'Sign In'}
      </Button>
    </Box>
  );
}
