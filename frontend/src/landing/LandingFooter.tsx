import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME, visuallyHidden } from './publicPage';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/ai-policy', label: 'Use of AI Policy' },
] as const;

export function LandingFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4 }}>
      <Container maxWidth="lg">
        <Box component="nav" aria-label="Legal and resources" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}>
          {LEGAL_LINKS.map(({ to, label }) => (
            <Link key={to} component={RouterLink} to={to} color="text.primary" underline="always">
              {label}
            </Link>
          ))}
          <Link href="https://www.va.gov" target="_blank" rel="noopener noreferrer" color="text.primary" underline="always">
            Visit VA.gov
            <OpenInNew fontSize="inherit" aria-hidden sx={{ ml: 0.5, verticalAlign: '-0.125em' }} />
            <Box component="span" sx={visuallyHidden}>
              (opens in a new tab)
            </Box>
          </Link>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {PRODUCT_NAME} is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. We are not a VA agent, a veterans
          service organization or an attorney, and we do not give legal, medical or financial advice.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </Typography>
      </Container>
    </Box>
  );
}
