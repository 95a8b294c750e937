import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import LockOutlined from '@mui/icons-material/LockOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Link as RouterLink } from 'react-router-dom';

/** Shown for a console page the signed-in person's role does not include (the server refuses it too). */
export function AccessDenied() {
  return (
    <Paper
      variant="outlined"
      data-testid="console-access-denied"
      sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LockOutlined aria-hidden color="warning" fontSize="large" />
        <Typography component="h1" variant="h2">
          Staff only
        </Typography>
      </Box>
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>
        This part of the staff console is not part of your role. If you need it, ask an administrator.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeOutlined aria-hidden />} sx={{ mt: 3 }}>
        Go Home
      </Button>
    </Paper>
  );
}
