import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CompareArrows from '@mui/icons-material/CompareArrows';
import type { CombinedRatingResponse } from '@cc/contracts';
import { formatDate } from '../claims/format';
import { visuallyHidden } from '../common/a11y';
import { formatDollars } from './format';

/** The combined rating, how it came about step by step, the bilateral factor, and the monthly amount. */
export function RatingResult({ result }: { result: CombinedRatingResponse | undefined }) {
  if (!result) {
    return (
      <Box role="status" aria-label="Calculating">
        <Skeleton variant="rounded" height={120} />
        <Skeleton height={32} sx={{ mt: 1 }} />
        <Skeleton height={32} />
      </Box>
    );
  }
  const { compensation } = result;
  return (
    <Paper variant="outlined" data-testid="combined-rating-result" sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'action.hover' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            Combined rating
          </Typography>
          <Typography component="p" sx={{ fontSize: '3rem', fontWeight: 800, lineHeight: 1.1 }} data-testid="combined-rating-value">
            {result.combinedRating}%
          </Typography>
        </Box>
        <Box sx={{ pb: 0.75 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            Monthly compensation
          </Typography>
          <Typography component="p" variant="h3" data-testid="monthly-compensation">
            {formatDollars(result.monthlyCompensation)}
          </Typography>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Exact value {result.exactValue}, rounded to the nearest 10. Amount for a veteran alone with no dependents, {compensation.rateYear}{' '}
        rates (from {formatDate(compensation.effectiveFrom)}); VA pays more with dependents from 30%.{' '}
        <Link href={compensation.source} target="_blank" rel="noopener noreferrer">
          VA’s rate tables
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (opens in a new tab)
          </Box>
        </Link>
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        {result.bilateralFactorApplied ? (
          <Chip
            icon={<CompareArrows aria-hidden />}
            color="primary"
            label="Bilateral factor applied"
            data-testid="bilateral-applied"
            sx={{ fontWeight: 700 }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="bilateral-not-applied">
            No bilateral factor: it needs a rating of 10% or more on both arms, or both legs.
          </Typography>
        )}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
        How it is combined
      </Typography>
      <Box component="ol" data-testid="combined-rating-steps" sx={{ m: 0, mt: 0.5, pl: 3 }}>
        {result.steps.map((step, i) => (
          <Box component="li" key={i} data-testid="combined-rating-step" data-kind={step.kind} sx={{ py: 0.25 }}>
            <Typography variant="body2">
              {step.group === 'bilateral' ? (
                <Chip
                  component="span"
                  size="small"
                  variant="outlined"
                  label="Bilateral"
                  sx={{ mr: 0.75, height: 20, fontSize: '0.7rem' }}
                />
              ) : null}
              {step.description}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
