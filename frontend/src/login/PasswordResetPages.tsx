import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, passwordResetConfirmBody, passwordResetRequestBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError, apiFetch, apiJson } from '../api/http';
import { usePageTitle } from '../common/usePageTitle';
import { AuthAlert, AuthField } from './AuthFields';
import { AuthFrame } from './AuthFrame';

function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.fieldErrors[0]?.message ?? error.userMessage;
  return error instanceof Error ? error.message : fallback;
}

function BackToSignIn() {
  return (
    <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'inline-block', mt: 3 }}>
      Back to Sign In
    </Link>
  );
}

/** /forgot-password: asks for the e-mail and always answers the same way (no account enumeration). */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetRequestBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    setAlert(undefined);
    try {
      const answer = await apiJson<{ message: string }>('/api/auth/password-reset', { body: parsed.data, reportUnauthorized: false });
      setSent(answer?.message ?? ACCOUNT_MESSAGES.resetRequested);
    } catch (failure) {
      setAlert(failureText(failure, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame>
      <Typography component="h1" variant="h2">
        Forgot your password?
      </Typography>
      {sent ? (
        <Alert severity="success" sx={{ mt: 3 }} role="status" data-testid="reset-requested">
          {sent}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a password reset" sx={{ display: 'grid', gap: 2 }}>
            <AuthAlert message={alert} />
            <AuthField
              id="reset-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onValue={setEmail}
              error={error}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
              {busy ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </Box>
        </>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}

/** /reset-password?token=…: the link from the e-mail; sets a new password once. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordResetConfirmBody.safeParse({ token, password });
    if (!parsed.success) {
      const passwordIssue = parsed.error.issues.find((issue) => issue.path[0] === 'password');
      if (passwordIssue) setErrors({ password: passwordIssue.message });
      else setAlert(ACCOUNT_MESSAGES.resetLinkInvalid);
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: 'The passwords do not match' });
      return;
    }
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      await apiFetch('/api/auth/password-reset/confirm', { body: parsed.data, reportUnauthorized: false });
      setDone(true);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === 'password') : undefined;
      if (field) setErrors({ password: field.message });
      else setAlert(failureText(failure, ACCOUNT_MESSAGES.resetLinkInvalid));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame>
      <Typography component="h1" variant="h2">
        Choose a new password
      </Typography>
      {done ? (
        <>
          <Alert severity="success" sx={{ mt: 3 }} role="status" data-testid="reset-done">
            Your password has been changed and your other sessions have been signed out.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 3 }} fullWidth>
            Sign In
          </Button>
        </>
      ) : !token ? (
        <>
          <AuthAlert message={ACCOUNT_MESSAGES.resetLinkInvalid} />
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ display: 'inline-block', mt: 2 }}>
            Ask for a new link
          </Link>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set a new password" sx={{ display: 'grid', gap: 2, mt: 3 }}>
          <AuthAlert message={alert} />
          {alert ? (
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Ask for a new link
            </Link>
          ) : null}
          <AuthField
            id="reset-password"
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onValue={setPassword}
            error={errors.password}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <AuthField
            id="reset-password-confirm"
            name="confirm"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onValue={setConfirm}
            error={errors.confirm}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : 'Set New Password'}
          </Button>
        </Box>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}
