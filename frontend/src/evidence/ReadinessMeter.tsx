import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ClaimReadiness, EvidenceStage } from '@cc/contracts';
import { readinessBand, readinessLabel } from './format';

/**
 * A claim's readiness: the number and its band in words, a bar, and the short reason. `compact`
 * (claim rows) puts the reason under a smaller bar.
 */
export function ReadinessMeter({
  row,
  compact = false,
}: {
  row: Pick<ClaimReadiness, 'readiness' | 'readinessReason'> & { stage?: EvidenceStage };
  compact?: boolean;
}) {
  const band = readinessBand(row.readiness);
  return (
    <Box
      component="span"
      data-testid="claim-readiness"
      data-readiness={row.readiness}
      data-stage={row.stage ?? 'building'}
      sx={{ display: 'block', minWidth: 0 }}
    >
      <Box component="span" sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
        <Typography component="span" variant={compact ? 'body2' : 'h3'} sx={{ fontWeight: 700 }}>
          {row.readiness}
          <Typography component="span" variant="caption" color="text.secondary">
            {' '}
            / 100
          </Typography>
        </Typography>
        <Typography component="span" variant="caption" sx={{ fontWeight: 700 }} data-testid="claim-readiness-band">
          {readinessLabel(row)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={row.readiness}
        color={band === 'ready' ? 'success' : band === 'partial' ? 'warning' : 'error'}
        aria-label={`Evidence readiness ${row.readiness} of 100`}
        sx={{ height: compact ? 4 : 8, borderRadius: 4, my: 0.5 }}
      />
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
        data-testid="claim-readiness-reason"
      >
        {row.readinessReason}
      </Typography>
    </Box>
  );
}
