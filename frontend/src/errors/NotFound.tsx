import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';

/** The not-found panel (react-admin `catchAll` inside the signed-in shell). */
export function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <Paper variant="outlined" data-testid="not-found" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ReportProblemOutlined aria-hidden color="error" fontSize="large" />
        <Typography component="h1" variant="h2">
          404 Page Not Found
        </Typography>
      </Box>
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>Did you forget to add the page to the router?</Typography>
      <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlined aria-hidden />} sx={{ mt: 3 }}>
        Go Home
      </Button>
    </Paper>
  );
}

/** The same screen as a full page, for signed-out visitors and public paths. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Box sx={{ width: '100%' }}>
        <NotFound />
      </Box>
    </Box>
  );
}
