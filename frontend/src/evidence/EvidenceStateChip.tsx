import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import ThumbDownOffAlt from '@mui/icons-material/ThumbDownOffAlt';
import { EVIDENCE_STATE_LABELS, type EvidenceState } from '@cc/contracts';
import { ToneChip, type ChipTone } from '../common/ToneChip';

/** Text colours at least 4.5:1 on the paper of each theme (as the claim status chip's). */
const STATE_STYLE: Record<EvidenceState, ChipTone> = {
  proven: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  weak: { icon: ReportProblemOutlined, light: '#8a5a00', dark: '#fcd34d' },
  missing: { icon: HighlightOff, light: '#b3261e', dark: '#ff8a80' },
  against: { icon: ThumbDownOffAlt, light: '#9c1c4a', dark: '#ff9ec0' },
  unverified: { icon: HelpOutline, light: '#5a3e9b', dark: '#c9b3ff' },
  'not-needed': { icon: TaskAltOutlined, light: '#47536b', dark: '#c3ccd9' },
  established: { icon: GavelOutlined, light: '#1f5f8b', dark: '#8fd0ff' },
};

/** An element's state: its word and its icon, so the colour is never the only signal. */
export function EvidenceStateChip({ state }: { state: EvidenceState }) {
  return (
    <ToneChip
      tone={STATE_STYLE[state]}
      label={EVIDENCE_STATE_LABELS[state]}
      data={{ 'data-testid': 'evidence-state', 'data-state': state }}
    />
  );
}
