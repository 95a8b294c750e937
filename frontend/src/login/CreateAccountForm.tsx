import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PASSWORD_MIN_LENGTH, registerBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { register } from '../auth/session';
import { AuthAlert, AuthField } from './AuthFields';
import { ConsentCheckbox } from './ConsentCheckbox';
import { issuesToFieldErrors } from './formErrors';
import { useAuthSubmit } from './useAuthSubmit';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'ageConfirmed', 'termsAccepted'] as const;

export function CreateAccountForm() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { busy, fieldErrors, alert, setFieldErrors, setAlert, submit } = useAuthSubmit(FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      email,
      password,
      firstName: firstName.trim() || undefined,
      lastName: lastName.trim() || undefined,
      ageConfirmed,
      termsAccepted,
    };
    const parsed = registerBody.safeParse(input);
    if (!parsed.success) {
      setAlert(undefined);
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    void submit(() => register(parsed.data));
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account" sx={{ display: 'grid', gap: 2 }}>
      <AuthAlert message={alert} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <AuthField
          id="register-first-name"
          name="firstName"
          label="First name"
          autoComplete="given-name"
          value={firstName}
          onValue={setFirstName}
          error={fieldErrors.firstName}
          hint="Optional"
        />
        <AuthField
          id="register-last-name"
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          onValue={setLastName}
          error={fieldErrors.lastName}
          hint="Optional"
        />
      </Box>
      <AuthField
        id="register-email"
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
        id="register-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onValue={setPassword}
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />
      <ConsentCheckbox
        id="register-age"
        name="ageConfirmed"
        label="I am 18 or older"
        checked={ageConfirmed}
        onChecked={(checked) => {
          setAgeConfirmed(checked);
          setFieldErrors((errors) => ({ ...errors, ageConfirmed: undefined }));
        }}
        error={fieldErrors.ageConfirmed}
      />
      <ConsentCheckbox
        id="register-terms"
        name="termsAccepted"
        label={
          <>
            I accept the{' '}
            <Link href="/terms-and-conditions" target="_blank" rel="noopener">
              Terms and Conditions
            </Link>
          </>
        }
        checked={termsAccepted}
        onChecked={(checked) => {
          setTermsAccepted(checked);
          setFieldErrors((errors) => ({ ...errors, termsAccepted: undefined }));
        }}
        error={fieldErrors.termsAccepted}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
        {busy ? 'Creating Account…' : 'Create Account'}
      </Button>
    </Box>
  );
}
