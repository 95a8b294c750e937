import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { Claim, ClaimReadiness } from '@cc/contracts';
import { ReadinessMeter } from '../../evidence/ReadinessMeter';
import { ClaimProgress } from '../ClaimProgress';
import { ClaimStatusChip } from '../ClaimStatusChip';
import { conditionTypeLabel } from '../format';
import { ApprovedRating, daysPendingText, NO_ACTION_TEXT } from './claimCells';

interface ClaimCardsProps {
  claims: readonly Claim[];
  /** Evidence readiness by claim id (absent while it loads). */
  readiness: ReadonlyMap<string, ClaimReadiness>;
  onOpen: (claim: Claim) => void;
}

/** Below 768 px: one card per claim; the whole card is a button opening the claim. */
export function ClaimCards({ claims, readiness, onOpen }: ClaimCardsProps) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} data-testid="claims-cards">
      {claims.map((claim) => (
        <li key={claim.id}>
          <Card variant="outlined">
            <CardActionArea
              onClick={() => onOpen(claim)}
              data-testid="claim-card"
              data-claim-id={claim.id}
              aria-haspopup="dialog"
              sx={{ p: 2, display: 'grid', gap: 1.25, alignItems: 'start' }}
            >
              <Box component="span" sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                <Box component="span" sx={{ minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {claim.condition}
                  </Typography>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    Claim {claim.claimNumber} · {conditionTypeLabel(claim.conditionType)}
                  </Typography>
                </Box>
                <Box component="span" sx={{ flexShrink: 0, textAlign: 'right' }}>
                  <ClaimStatusChip status={claim.status} />
                  <ApprovedRating claim={claim} />
                </Box>
              </Box>
              <ClaimProgress value={claim.progressPercentage} label={`Progress of ${claim.condition}`} />
              {readiness.has(claim.id) ? (
                <Box component="span" sx={{ display: 'block' }}>
                  <Typography component="span" variant="caption" color="text.secondary">
                    Evidence readiness
                  </Typography>
                  <ReadinessMeter row={readiness.get(claim.id)!} compact />
                </Box>
              ) : null}
              <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Next action:{' '}
                </Box>
                {claim.nextAction?.trim() || NO_ACTION_TEXT}
              </Typography>
              <Typography component="span" variant="body2" data-testid="claim-days-pending">
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Days pending:{' '}
                </Box>
                {claim.isApproved ? 'Completed' : daysPendingText(claim)}
              </Typography>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
