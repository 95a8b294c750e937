import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { STATUS_LABELS } from './format';
import type { ProcessingStatus } from './types';

/** Text colours at least 4.5:1 on the paper of each theme; each status also has its own icon and label. */
const STATUS_STYLE: Record<ProcessingStatus, { icon: typeof SyncOutlined; light: string; dark: string }> = {
  pending: { icon: ScheduleOutlined, light: '#47536b', dark: '#c3ccd9' },
  processing: { icon: SyncOutlined, light: '#1d4ed8', dark: '#93c5fd' },
  completed: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  failed: { icon: ErrorOutline, light: '#b3261e', dark: '#ff8a80' },
};

export function DocumentStatusBadge({ status }: { status: ProcessingStatus }) {
  const theme = useTheme();
  const style = STATUS_STYLE[status] ?? STATUS_STYLE.pending;
  const Icon = style.icon;
  const color = style[theme.palette.mode];
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={STATUS_LABELS[status] ?? status}
      data-testid="document-status"
      data-status={status}
      sx={{ fontWeight: 700, color, borderColor: color, '& .MuiChip-icon': { color } }}
    />
  );
}
