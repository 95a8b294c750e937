import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isDecided, type ClaimDetail } from '@cc/contracts';
import type { ReactNode } from 'react';
import { conditionTypeLabel, formatDate } from '../format';
import { daysPendingText } from '../list/claimCells';
import { DecisionDateEditor } from '../../deadlines/DecisionDateEditor';
import { DetailCard } from './DetailCard';
import { RatingEditor } from './RatingEditor';

function Detail({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', gap: 1, alignItems: 'center', py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, minWidth: 0 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** Type, Days Pending, the inline-editable Rating, the estimated decision date when known, and a decided claim's decision date. */
export function ClaimDetailsCard({ claim }: { claim: ClaimDetail }) {
  const estimatedDecision = formatDate(claim.estimatedDecisionDate);
  return (
    <DetailCard title="Claim Details" testId="claim-details">
      <Box component="dl" sx={{ m: 0 }}>
        <Detail term="Type" testId="claim-type">
          {conditionTypeLabel(claim.conditionType)}
        </Detail>
        <Detail term="Days Pending" testId="claim-detail-days-pending">
          {daysPendingText(claim)}
        </Detail>
        <Detail term="Rating">
          <RatingEditor claim={claim} />
        </Detail>
        {estimatedDecision ? (
          <Detail term="Est. Decision" testId="claim-estimated-decision">
            {estimatedDecision}
          </Detail>
        ) : null}
        {isDecided(claim.status) ? (
          <Detail term="Decision Date">
            <DecisionDateEditor claim={claim} />
          </Detail>
        ) : null}
      </Box>
    </DetailCard>
  );
}
