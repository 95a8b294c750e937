import Typography from '@mui/material/Typography';
import { isDecided, type ClaimDetail } from '@cc/contracts';
import { DetailCard } from '../claims/detail/DetailCard';
import { DeadlineList } from './DeadlineList';
import { localDay } from './format';

/** A decided claim's decision reviews: one year for each option from the decision letter's date. */
export function ClaimDeadlinesCard({ claim }: { claim: ClaimDetail }) {
  if (!isDecided(claim.status)) return null;
  return (
    <DetailCard title="Decision Reviews" testId="claim-review-deadlines">
      {claim.decisionDate ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            If you disagree with the decision, choose one review option by its deadline.
          </Typography>
          <DeadlineList deadlines={claim.reviewDeadlines} today={localDay()} detailed testId="claim-deadline-list" />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="claim-review-deadlines-hint">
          Add the date on your decision letter (Claim Details, Decision Date) to see your deadlines for a Higher-Level Review, a
          Supplemental Claim or a Board Appeal.
        </Typography>
      )}
    </DetailCard>
  );
}
