import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../common/BrandMark';
import { ThemeToggleButton } from '../theme/ThemeToggleButton';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/ai-policy', label: 'Use of AI Policy' },
] as const;

/** The signed-out pages' frame (sign in, forgot and reset password): header, one card, legal footer. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label="Claims Copilot home"
          sx={{ textDecoration: 'none', color: 'inherit', borderRadius: 1 }}
        >
          <BrandMark />
        </Box>
        <Box sx={{ flex: 1 }} />
        <ThemeToggleButton />
      </Box>

      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: 2, py: { xs: 3, sm: 6 } }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 } }}>
          {children}
        </Paper>
      </Box>

      <Box component="footer" sx={{ px: 2, py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
        <Box
          component="nav"
          aria-label="Legal"
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}
        >
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
