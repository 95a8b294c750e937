import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { STATUS_LABELS } from './format';
import type { ProcessingStatus } from './types';
import { ToneChip, type ChipTone } from '../common/ToneChip';

/** Text colours at least 4.5:1 on the paper of each theme; each status also has its own icon and label. */
const STATUS_STYLE: Record<ProcessingStatus, ChipTone> = {
  pending: { icon: ScheduleOutlined, light: '#47536b', dark: '#c3ccd9' },
  processing: { icon: SyncOutlined, light: '#1d4ed8', dark: '#93c5fd' },
  completed: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  failed: { icon: ErrorOutline, light: '#b3261e', dark: '#ff8a80' },
};

export function DocumentStatusBadge({ status }: { status: ProcessingStatus }) {
  return (
    <ToneChip
      tone={STATUS_STYLE[status] ?? STATUS_STYLE.pending}
      label={STATUS_LABELS[status] ?? status}
      data={{ 'data-testid': 'document-status', 'data-status': status }}
    />
  );
}
