import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { EVIDENCE_STATE_LABELS, type EvidenceState } from '@cc/contracts';

/** Text colours at least 4.5:1 on the paper of each theme (as the claim status chip's). */
const STATE_STYLE: Record<EvidenceState, { icon: typeof CheckCircleOutline; light: string; dark: string }> = {
  proven: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  weak: { icon: ReportProblemOutlined, light: '#8a5a00', dark: '#fcd34d' },
  missing: { icon: HighlightOff, light: '#b3261e', dark: '#ff8a80' },
  'not-needed': { icon: TaskAltOutlined, light: '#47536b', dark: '#c3ccd9' },
};

/** An element's state: its word and its icon, so the colour is never the only signal. */
export function EvidenceStateChip({ state }: { state: EvidenceState }) {
  const theme = useTheme();
  const style = STATE_STYLE[state];
  const Icon = style.icon;
  const color = style[theme.palette.mode];
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={EVIDENCE_STATE_LABELS[state]}
      data-testid="evidence-state"
      data-state={state}
      sx={{ fontWeight: 700, color, borderColor: color, '& .MuiChip-icon': { color } }}
    />
  );
}
