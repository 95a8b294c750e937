import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@cc/contracts';

/** Text colours at least 4.5:1 on the paper of each theme. */
const STATUS_STYLE: Record<ClaimStatus, { icon: typeof SendOutlined; light: string; dark: string }> = {
  submitted: { icon: SendOutlined, light: '#47536b', dark: '#c3ccd9' },
  initial_review: { icon: HourglassEmptyOutlined, light: '#1d4ed8', dark: '#93c5fd' },
  evidence_review: { icon: FactCheckOutlined, light: '#8a5a00', dark: '#fcd34d' },
  approved: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  denied: { icon: CancelOutlined, light: '#b3261e', dark: '#ff8a80' },
};

/** The status badge: its label and an icon, so the colour is never the only signal. */
export function ClaimStatusChip({ status, size = 'small' }: { status: ClaimStatus; size?: 'small' | 'medium' }) {
  const theme = useTheme();
  const style = STATUS_STYLE[status] ?? STATUS_STYLE.submitted;
  const Icon = style.icon;
  const color = style[theme.palette.mode];
  return (
    <Chip
      component="span"
      size={size}
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={CLAIM_STATUS_LABELS[status] ?? status}
      data-testid="claim-status"
      data-status={status}
      sx={{ fontWeight: 700, maxWidth: '100%', color, borderColor: color, '& .MuiChip-icon': { color } }}
    />
  );
}
