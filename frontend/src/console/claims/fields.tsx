import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { StaffClaim } from '@cc/contracts';
import { ClaimStatusChip } from '../../claims/ClaimStatusChip';
import { PriorityIndicator } from '../../claims/PriorityIndicator';

/** react-admin fields over the shared claim badges (label and icon, never colour alone). */
export function StatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffClaim>();
  return record ? <ClaimStatusChip status={record.status} /> : null;
}

export function PriorityField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffClaim>();
  return record ? <PriorityIndicator priority={record.priority} /> : null;
}

/** The owner's name over their e-mail, in one column (sorted by name). */
export function OwnerField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffClaim>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2">{record.ownerName}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {record.ownerEmail}
      </Typography>
    </Box>
  );
}
