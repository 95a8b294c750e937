import Chip from '@mui/material/Chip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Autorenew from '@mui/icons-material/Autorenew';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Construction from '@mui/icons-material/Construction';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import type { ProjectionState } from '@cc/contracts';
import { PROJECTION_STATE_LABELS } from '../format';

const STYLE: Record<ProjectionState, { icon: typeof Autorenew; color: 'success' | 'info' | 'warning' | 'default' | 'error' }> = {
  live: { icon: CheckCircleOutline, color: 'success' },
  'catching-up': { icon: Autorenew, color: 'info' },
  rebuilding: { icon: Construction, color: 'info' },
  degraded: { icon: CloudOffOutlined, color: 'warning' },
  stopped: { icon: PauseCircleOutline, color: 'default' },
};

/** A read model's state: a word and an icon, so colour is never the only signal. */
export function ProjectionStateChip({ state }: { state: ProjectionState }) {
  const { icon: Icon, color } = STYLE[state];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Icon aria-hidden />}
      label={PROJECTION_STATE_LABELS[state]}
      data-testid="projection-state"
      data-state={state}
    />
  );
}
