import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionStatus } from '../auth/sessionStatus';
import { usePageTitle } from '../common/usePageTitle';
import { AuthFrame } from './AuthFrame';
import { CreateAccountForm } from './CreateAccountForm';
import { SignInForm } from './SignInForm';

type Mode = 'sign-in' | 'create';

/**
 * /login (a public page, and react-admin's `loginPage`; GET /api/login redirects here). Sign in or create an account
 * with e-mail and password; `?mode=create` opens the Create Account tab.
 */
export function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<Mode>(() => (new URLSearchParams(location.search).get('mode') === 'create' ? 'create' : 'sign-in'));
  usePageTitle(mode === 'create' ? 'Create Account' : 'Sign In');
  const session = useSessionStatus();

  if (session === 'signed-in') return <Navigate to="/" replace />;

  return (
    <AuthFrame>
      <Typography component="h1" variant="h2">
        {mode === 'create' ? 'Create your account' : 'Welcome back'}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        {mode === 'create'
          ? 'Free for veterans. Track claims, store documents and get AI help with your VA benefits.'
          : 'Sign in to track your VA claims, documents and AI recommendations.'}
      </Typography>

      <Tabs
        value={mode}
        onChange={(_event, value: Mode) => setMode(value)}
        variant="fullWidth"
        aria-label="Sign in or create an account"
        sx={{
          mt: 3,
          mb: 3,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { px: 1, whiteSpace: 'nowrap', fontSize: { xs: '0.9rem', sm: '0.95rem' } },
        }}
      >
        <Tab value="sign-in" label="Sign In" id="auth-tab-sign-in" aria-controls="auth-panel" />
        <Tab value="create" label="Create Account" id="auth-tab-create" aria-controls="auth-panel" />
      </Tabs>

      <div role="tabpanel" id="auth-panel" aria-labelledby={mode === 'create' ? 'auth-tab-create' : 'auth-tab-sign-in'}>
        {mode === 'create' ? <CreateAccountForm key="create" /> : <SignInForm key="sign-in" />}
      </div>

      <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
        By continuing you agree to the Terms and Conditions and acknowledge the Privacy Policy (links below). You must be 18 or older.
      </Typography>
    </AuthFrame>
  );
}
