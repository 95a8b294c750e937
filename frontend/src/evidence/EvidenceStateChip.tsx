import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { EVIDENCE_STATE_LABELS, type EvidenceState } from '@cc/contracts';
import { ToneChip, type ChipTone } from '../common/ToneChip';

/** Text colours at least 4.5:1 on the paper of each theme (as the claim status chip's). */
const STATE_STYLE: Record<EvidenceState, ChipTone> = {
  proven: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  weak: { icon: ReportProblemOutlined, light: '#8a5a00', dark: '#fcd34d' },
  missing: { icon: HighlightOff, light: '#b3261e', dark: '#ff8a80' },
  'not-needed': { icon: TaskAltOutlined, light: '#47536b', dark: '#c3ccd9' },
};

/** An element's state: its word and its icon, so the colour is never the only signal. */
export function EvidenceStateChip({ state }: { state: EvidenceState }) {
  return <ToneChip tone={STATE_STYLE[state]} label={EVIDENCE_STATE_LABELS[state]} data={{ 'data-testid': 'evidence-state', 'data-state': state }} />;
}
