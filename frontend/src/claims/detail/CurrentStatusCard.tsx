import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CLAIM_STATUSES, CLAIM_STATUS_LABELS, type ClaimDetail, type ClaimStatus } from '@cc/contracts';
import { ClaimProgress } from '../ClaimProgress';
import { ClaimStatusChip } from '../ClaimStatusChip';
import { useUpdateClaimStatus } from '../mutations';
import { PriorityIndicator } from '../PriorityIndicator';
import { DetailCard } from './DetailCard';

/** Status badge, priority, progress and the status dropdown (any of the five, no order enforced). */
export function CurrentStatusCard({ claim }: { claim: ClaimDetail }) {
  const mutation = useUpdateClaimStatus(claim.id);
  const value = mutation.isPending && mutation.variables ? mutation.variables : claim.status;
  return (
    <DetailCard title="Current Status" testId="claim-current-status">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <ClaimStatusChip status={claim.status} size="medium" />
        <PriorityIndicator priority={claim.priority} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <ClaimProgress value={claim.progressPercentage} label="Claim progress" />
      </Box>
      <TextField
        select
        id={`claim-status-${claim.id}`}
        label="Change status"
        value={value}
        onChange={(event) => {
          const next = event.target.value as ClaimStatus;
          if (next !== claim.status) mutation.mutate(next);
        }}
        disabled={mutation.isPending}
        size="small"
        sx={{ mt: 2.5 }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'claim-status-select' } }}
      >
        {CLAIM_STATUSES.map((status) => (
          <option key={status} value={status}>
            {CLAIM_STATUS_LABELS[status]}
          </option>
        ))}
      </TextField>
    </DetailCard>
  );
}
