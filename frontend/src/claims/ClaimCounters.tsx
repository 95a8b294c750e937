import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import type { Claim } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { approvedRatingRows, ratingsParam } from '../calculators/format';
import { combinedRatingExplanation, countClaims } from './format';
import { StatCard, StatGrid } from './StatCards';

/**
 * The four counters of /claims. Total Rating is the combined VA rating of the approved claims
 * (38 CFR 4.25), not a sum; its info button explains the steps ("50% and 30% → 65 → rounds to 70%"),
 * and its calculator button opens /calculators with those ratings filled in.
 */
export function ClaimCounters({ claims }: { claims: readonly Claim[] | undefined }) {
  const counters = claims ? countClaims(claims) : undefined;
  const explanation = counters ? combinedRatingExplanation(counters.totalRating) : '';
  const approvedRatings = approvedRatingRows(claims ?? []);
  const calculatorLink = approvedRatings.length > 0 ? `/calculators?ratings=${ratingsParam(approvedRatings)}` : '/calculators';
  return (
    <StatGrid label="Claim counters">
      <StatCard label="Active Claims" value={counters?.active} icon={<AssignmentOutlined />} testId="claims-counter-active" />
      <StatCard label="Approved Claims" value={counters?.approved} icon={<CheckCircleOutline />} testId="claims-counter-approved" />
      <StatCard
        label="Total Rating"
        value={counters ? `${counters.totalRating.rating}%` : undefined}
        icon={<PercentOutlined />}
        testId="claims-counter-total-rating"
        aside={
          counters ? (
            <Box component="span" sx={{ display: 'inline-flex' }}>
              <Tooltip title={`Combined VA rating: ${explanation}`} describeChild enterTouchDelay={0}>
                <IconButton size="small" aria-label="How the total rating is combined" data-testid="total-rating-info" sx={{ p: 0.25 }}>
                  <InfoOutlined fontSize="small" aria-hidden />
                </IconButton>
              </Tooltip>
              <Tooltip title="Rating calculator">
                <IconButton
                  component={RouterLink}
                  to={calculatorLink}
                  size="small"
                  aria-label="Open the rating calculator with your approved ratings"
                  data-testid="total-rating-calculator"
                  sx={{ p: 0.25 }}
                >
                  <CalculateOutlined fontSize="small" aria-hidden />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null
        }
      />
      <StatCard label="Denied Claims" value={counters?.denied} icon={<CancelOutlined />} testId="claims-counter-denied" />
    </StatGrid>
  );
}
