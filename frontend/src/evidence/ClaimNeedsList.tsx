import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ClaimReadiness } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../common/a11y';
import { evidenceTabPath } from './format';
import { ReadinessMeter } from './ReadinessMeter';

/**
 * The claims of "What each claim still needs", least ready first, each with its readiness meter
 * and a link to its Evidence tab. Its own chunk (with the meter): fetched only when some claim
 * still needs something, so a newcomer's dashboard does not carry it (bench: "first load").
 */
export function ClaimNeedsList({ needing }: { needing: readonly ClaimReadiness[] }) {
  return (
    <Box component="ol" aria-label="Claims, least ready first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {needing.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-testid="claim-needs-row"
          data-claim-id={row.id}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
            alignItems: 'center',
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0 },
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={evidenceTabPath(row.id)}
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              data-testid="claim-needs-link"
            >
              {row.condition}
              <Box component="span" sx={visuallyHidden}>
                {`: see the evidence of claim ${row.claimNumber}`}
              </Box>
            </Link>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            >
              {row.claimNumber}
            </Typography>
          </Box>
          <ReadinessMeter row={row} compact />
        </Box>
      ))}
    </Box>
  );
}
