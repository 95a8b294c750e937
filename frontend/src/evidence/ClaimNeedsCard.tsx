import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { QueryErrorState } from '../common/QueryErrorState';
import { visuallyHidden } from '../common/a11y';
import { EmptyText, SectionCard } from '../dashboard/SectionCard';
import { claimsStillNeeding, evidenceTabPath } from './format';
import { useReadiness } from './queries';
import { ReadinessMeter } from './ReadinessMeter';

/** The dashboard card "What each claim still needs": readiness per claim, worst first, each opening the claim's Evidence tab. */
export function ClaimNeedsCard() {
  const query = useReadiness();
  const rows = query.data;
  // No claims, nothing to say; a failed read says so and offers a retry rather than vanishing.
  if (!query.isError && rows && rows.length === 0) return null;
  const needing = rows ? claimsStillNeeding(rows) : undefined;
  return (
    <SectionCard title="What each claim still needs" testId="claim-needs-card">
      {query.isError && !needing ? (
        <QueryErrorState
          what="what your claims still need"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !needing ? (
        <Box role="status" aria-label="Loading what your claims need" sx={{ display: 'grid', gap: 1 }}>
          {[0, 1].map((key) => (
            <Skeleton key={key} variant="rounded" height={56} />
          ))}
        </Box>
      ) : needing.length === 0 ? (
        <EmptyText testId="claim-needs-empty">Every claim has each element proven or presumed.</EmptyText>
      ) : (
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
      )}
    </SectionCard>
  );
}
