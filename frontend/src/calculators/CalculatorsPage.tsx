import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { CombinedRatingCalculator } from './CombinedRatingCalculator';
import { DeadlineCalculator } from './DeadlineCalculator';

/** /calculators: the combined rating (with the bilateral factor and monthly amount) and the decision-review deadlines. */
export function CalculatorsPage() {
  usePageTitle('Calculators');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Button
          component={RouterLink}
          to="/benefits-learning-center"
          size="small"
          startIcon={<ArrowBack aria-hidden />}
          sx={{ mb: 1, ml: -1 }}
        >
          Benefits Learning Center
        </Button>
        <Typography component="h1" variant="h1">
          Rating &amp; Deadline Calculators
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
          Estimates from VA’s published rules, to help you plan. VA decides your rating and your deadlines; check your decision letter for
          the dates that apply to you.
        </Typography>
      </Box>
      <CombinedRatingCalculator />
      <DeadlineCalculator />
    </Box>
  );
}
