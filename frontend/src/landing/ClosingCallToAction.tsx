import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { LOGIN_URL } from './publicPage';

export function ClosingCallToAction() {
  return (
    <Box component="section" aria-labelledby="landing-cta-heading" sx={{ pb: { xs: 6, md: 10 } }}>
      <Container maxWidth="md">
        <Paper
          variant="outlined"
          sx={(theme) => ({
            p: { xs: 3, sm: 6 },
            borderRadius: 4,
            textAlign: 'center',
            bgcolor: alpha(theme.palette.primary.main, 0.08),
            borderColor: alpha(theme.palette.primary.main, 0.3),
          })}
        >
          <Typography id="landing-cta-heading" component="h2" variant="h4" sx={{ fontWeight: 700 }}>
            Ready to take the next step?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3, maxWidth: 520, mx: 'auto' }}>
            Create your free account and start organizing your claim today. You can go at your own pace.
          </Typography>
          <Button variant="contained" size="large" href={LOGIN_URL} endIcon={<ArrowForward aria-hidden />}>
            Start for Free
          </Button>
        </Paper>
      </Container>
    </Box>
  );
}
