import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Ref } from 'react';

interface Feature {
  title: string;
  description: string;
  Icon: SvgIconComponent;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Secure Documents',
    description: 'Keep your medical records, service records and VA letters together in one secure place.',
    Icon: LockOutlined,
  },
  {
    title: 'AI Copilot',
    description: 'Ask questions and get AI analysis of your documents, explained in plain language.',
    Icon: AutoAwesome,
  },
  {
    title: 'Claims Tracking',
    description: "Follow each claim's status, notes and deadlines, and see what to do next.",
    Icon: TimelineOutlined,
  },
  {
    title: 'Templates & Forms',
    description: 'Download VA forms and helpful templates, including nexus letter templates.',
    Icon: DescriptionOutlined,
  },
];

interface FeatureCardsProps {
  /** Learn More moves focus here so keyboard and screen-reader users land where the page scrolled to. */
  headingRef: Ref<HTMLHeadingElement>;
}

export function FeatureCards({ headingRef }: FeatureCardsProps) {
  return (
    <Box component="section" id="features" aria-labelledby="landing-features-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Typography
          ref={headingRef}
          id="landing-features-heading"
          component="h2"
          variant="h4"
          tabIndex={-1}
          sx={{ fontWeight: 700, textAlign: 'center', scrollMarginTop: 16, '&:focus': { outline: 'none' } }}
        >
          Everything for your claim, in one place
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: { xs: 4, md: 6 } }}>
          Simple tools to help you prepare, file and keep track of your VA disability claims.
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {FEATURES.map(({ title, description, Icon }) => (
            <Card component="li" key={title} variant="outlined" sx={{ borderRadius: 3 }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={(theme) => ({
                    width: 48,
                    height: 48,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2,
                    color: 'primary.main',
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                  })}
                >
                  <Icon aria-hidden />
                </Box>
                <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {description}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
