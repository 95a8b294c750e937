import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { BrandMark } from '../common/BrandMark';
import { usePageTitle } from '../common/usePageTitle';
import { ThemeToggleButton } from '../theme/ThemeToggleButton';
import { CreateAccountForm } from './CreateAccountForm';
import { SignInForm } from './SignInForm';

type Mode = 'sign-in' | 'create';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/ai-policy', label: 'Use of AI Policy' },
] as const;

/**
 * /login (react-admin `loginPage`; GET /api/login redirects here). Sign in or create an account
 * with e-mail and password; `?mode=create` opens the Create Account tab.
 */
export function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(location.search).get('mode') === 'create' ? 'create' : 'sign-in',
  );
  usePageTitle(mode === 'create' ? 'Create Account' : 'Sign In');
  const session = useSession();

  if (session === 'signed-in') return <Navigate to="/" replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Box component={RouterLink} to="/" aria-label="Claims Copilot home" sx={{ textDecoration: 'none', color: 'inherit', borderRadius: 1 }}>
          <BrandMark />
        </Box>
        <Box sx={{ flex: 1 }} />
        <ThemeToggleButton />
      </Box>

      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: 2, py: { xs: 3, sm: 6 } }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 } }}>
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
            sx={{ mt: 3, mb: 3, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { px: 1, whiteSpace: 'nowrap', fontSize: { xs: '0.9rem', sm: '0.95rem' } } }}
          >
            <Tab value="sign-in" label="Sign In" id="auth-tab-sign-in" aria-controls="auth-panel" />
            <Tab value="create" label="Create Account" id="auth-tab-create" aria-controls="auth-panel" />
          </Tabs>

          <div role="tabpanel" id="auth-panel" aria-labelledby={mode === 'create' ? 'auth-tab-create' : 'auth-tab-sign-in'}>
            {mode === 'create' ? <CreateAccountForm key="create" /> : <SignInForm key="sign-in" />}
          </div>

          <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
            By continuing you agree to the Terms and Conditions and acknowledge the Privacy Policy (links below).
            You must be 18 or older.
          </Typography>
        </Paper>
      </Box>

      <Box component="footer" sx={{ px: 2, py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
        <Box component="nav" aria-label="Legal" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}>
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
              {link.label}
            </Link>
          ))}
        </Box>
        <Typography variant="caption" component="p" sx={{ mt: 1.5, color: 'text.secondary', maxWidth: 560, mx: 'auto' }}>
          Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs.
        </Typography>
      </Box>
    </Box>
  );
}
