import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Link as RouterLink } from 'react-router-dom';

const WHAT_IT_SHOWS = [
  'Your claims by status over time, from each claim’s history',
  'Your combined rating over time (38 CFR 4.25), the step each granted claim added, and the monthly amount it pays',
  'How ready each claim’s evidence was over time, from its evidence map',
  'Days pending for each open claim, next to VA’s published national average days to complete',
  'Your upcoming decision-review deadlines on a time line',
];

/** The Free plan's /analytics: what the page shows on Basic and Pro, and where to upgrade (the server refuses the figures). */
export function AnalyticsTeaser({ message }: { message: string }) {
  return (
    <Paper variant="outlined" data-testid="analytics-upgrade" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <InsightsOutlined aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography component="h2" variant="h3">
          Upgrade Required
        </Typography>
      </Box>
      <Typography sx={{ mt: 1.5, maxWidth: '70ch' }}>{message}</Typography>
      <Typography sx={{ mt: 2, fontWeight: 700 }}>On the Basic and Pro plans this page shows:</Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, maxWidth: '75ch' }}>
        {WHAT_IT_SHOWS.map((item) => (
          <Typography component="li" key={item} sx={{ mt: 0.5 }}>
            {item}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Every figure is computed from your own claims and documents, except VA’s national average, which is VA’s published figure with its
        date and source.
      </Typography>
      <Button component={RouterLink} to="/billing" variant="contained" sx={{ mt: 2 }}>
        Upgrade
      </Button>
    </Paper>
  );
}
