import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { LOGIN_URL } from './publicPage';
import { SampleDashboardPreview } from './SampleDashboardPreview';

interface HeroProps {
  onLearnMore: () => void;
}

export function Hero({ onLearnMore }: HeroProps) {
  return (
    <Box
      component="section"
      aria-labelledby="landing-hero-heading"
      sx={(theme) => ({
        py: { xs: 5, md: 10 },
        // A tint of the theme's primary colour reads well on both light and dark backgrounds.
        background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.1)} 0%, ${theme.palette.background.default} 100%)`,
      })}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
            gap: { xs: 4, md: 6 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip label="Free for veterans" color="primary" variant="outlined" sx={{ mb: 2, fontWeight: 600 }} />
            <Typography
              id="landing-hero-heading"
              component="h1"
              variant="h2"
              sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.75rem', md: '3.5rem' }, lineHeight: 1.15 }}
            >
              AI-powered help with your VA benefits, claims and appeals
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ mt: 2, fontWeight: 400, fontSize: { xs: '1.0625rem', sm: '1.25rem' } }}
            >
              Claims Copilot is a self-help tool for veterans and their families. Keep your claims, documents and deadlines in one place,
              and get plain-language help from an AI assistant along the way. It&apos;s free for veterans.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
              <Button variant="contained" size="large" href={LOGIN_URL} endIcon={<ArrowForward aria-hidden />}>
                Get Started
              </Button>
              <Button variant="outlined" size="large" onClick={onLearnMore} endIcon={<ArrowDownward aria-hidden />}>
                Learn More
              </Button>
            </Stack>
          </Box>
          <SampleDashboardPreview />
        </Box>
      </Container>
    </Box>
  );
}
