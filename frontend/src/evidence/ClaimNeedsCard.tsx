import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazyComponent } from '../common/lazyComponent';
import { QueryErrorState } from '../common/QueryErrorState';
import { EmptyText, SectionCard } from '../dashboard/SectionCard';
import { claimsStillNeeding } from './format';
import { useReadiness } from './queries';

const loadingRows = (
  <Box role="status" aria-label="Loading what your claims need" sx={{ display: 'grid', gap: 1 }}>
    {[0, 1].map((key) => (
      <Skeleton key={key} variant="rounded" height={56} />
    ))}
  </Box>
);
const ClaimNeedsList = lazyComponent(() => import('./ClaimNeedsList'), 'ClaimNeedsList', loadingRows);

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
        loadingRows
      ) : needing.length === 0 ? (
        <EmptyText testId="claim-needs-empty">Every claim has each element proven or presumed.</EmptyText>
      ) : (
        <ClaimNeedsList needing={needing} />
      )}
    </SectionCard>
  );
}
