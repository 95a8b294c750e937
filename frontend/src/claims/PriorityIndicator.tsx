import Box from '@mui/material/Box';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import Remove from '@mui/icons-material/Remove';
import { useTheme } from '@mui/material/styles';
import type { ClaimPriority } from '@cc/contracts';
import { titleCase } from './format';

/** urgent red, high orange, normal blue, low grey; each with its own icon and a written label. */
const PRIORITY_STYLE: Record<ClaimPriority, { icon: typeof PriorityHigh; light: string; dark: string }> = {
  urgent: { icon: PriorityHigh, light: '#b3261e', dark: '#ff8a80' },
  high: { icon: ArrowUpward, light: '#b45309', dark: '#fdba74' },
  normal: { icon: Remove, light: '#1d4ed8', dark: '#93c5fd' },
  low: { icon: ArrowDownward, light: '#5f6673', dark: '#b0b7c3' },
};

export function PriorityIndicator({ priority }: { priority: ClaimPriority }) {
  const theme = useTheme();
  const style = PRIORITY_STYLE[priority] ?? PRIORITY_STYLE.normal;
  const Icon = style.icon;
  const label = `${titleCase(priority)} priority`;
  return (
    <Box
      role="img"
      aria-label={label}
      title={label}
      data-testid="claim-priority"
      data-priority={priority}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: style[theme.palette.mode],
        fontWeight: 700,
        fontSize: '0.875rem',
      }}
    >
      <Icon fontSize="small" aria-hidden />
      <span aria-hidden>{label}</span>
    </Box>
  );
}
