import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Claim } from '@cc/contracts';

/** Shown in place of an empty next action. */
export const NO_ACTION_TEXT = 'No action required';

/** The next action, cut at 150 px with an ellipsis (doc 1 §9); the full text stays in a tooltip and for screen readers. */
export function TruncatedNextAction({ nextAction }: { nextAction: string | null }) {
  const text = nextAction?.trim() || NO_ACTION_TEXT;
  return (
    <Box
      component="span"
      title={text}
      data-testid="claim-next-action"
      sx={{
        display: 'block',
        maxWidth: 150,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        color: nextAction?.trim() ? 'text.primary' : 'text.secondary',
      }}
    >
      {text}
    </Box>
  );
}

/** "Rating: 70%" for an approved claim with a rating; nothing otherwise. */
export function ApprovedRating({ claim }: { claim: Pick<Claim, 'isApproved' | 'ratingPercentage'> }) {
  if (!claim.isApproved || claim.ratingPercentage === null) return null;
  return (
    <Typography component="span" variant="body2" data-testid="claim-rating" sx={{ display: 'block', fontWeight: 700, mt: 0.5 }}>
      Rating: {claim.ratingPercentage}%
    </Typography>
  );
}

export function daysPendingText(claim: Pick<Claim, 'daysPending'>): string {
  return `${claim.daysPending} ${claim.daysPending === 1 ? 'day' : 'days'}`;
}
