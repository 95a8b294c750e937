import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { memberTier, type StaffSupportRequest } from '@cc/contracts';
import { SupportStatusChip } from '../../help/SupportStatusChip';
import { waitingTime } from '../../help/waiting';

/** "1 · Pro": the queue position group and the plan it came from, in words. */
export const priorityText = (r: Pick<StaffSupportRequest, 'priority' | 'tier'>) => `${r.priority} · ${memberTier(r.tier).displayName}`;

export const waitingText = (r: Pick<StaffSupportRequest, 'waitingSince'>, now = new Date()) =>
  r.waitingSince ? waitingTime(r.waitingSince, now) : '—';

export function PriorityField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffSupportRequest>();
  return record ? <Typography variant="body2">{priorityText(record)}</Typography> : null;
}

export function SupportStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffSupportRequest>();
  return record ? <SupportStatusChip status={record.status} /> : null;
}

export function WaitingField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffSupportRequest>();
  return record ? (
    <Typography variant="body2" data-testid="support-waiting">
      {waitingText(record)}
    </Typography>
  ) : null;
}

export function RequesterField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<StaffSupportRequest>();
  if (!record) return null;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {record.requesterName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {record.requesterEmail}
      </Typography>
    </>
  );
}
