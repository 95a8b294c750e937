import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { QueryErrorState } from '../common/QueryErrorState';
import { visuallyHidden } from '../common/a11y';
import { EvidenceMapView } from './EvidenceMapView';
import { readinessSentence } from './format';
import { useEvidence } from './queries';

/**
 * The claim dialog's Evidence tab. The map is read again whenever the change stream says the user's
 * evidence maps changed, so an analysis finished anywhere (this tab, another one, the worker later)
 * shows without a reload; the same notice refreshes the claims' readiness.
 */
export function EvidenceTab({ claimId }: { claimId: string }) {
  const query = useEvidence(claimId);
  if (query.isError) {
    return (
      <QueryErrorState what="this claim's evidence" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (!query.data) {
    return (
      <Box role="status" aria-label="Loading the evidence" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={key === 0 ? 72 : 120} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        VA grants service connection when three things are shown: a current diagnosis, an event, injury or exposure in service, and a
        medical link (nexus) between them.{' '}
        {query.data.stage === 'granted' ? 'VA has decided this claim.' : 'Here is what your documents show for each.'}
      </Typography>
      <EvidenceMapView map={query.data} />
      <Box role="status" sx={visuallyHidden}>
        {readinessSentence(query.data)}
      </Box>
    </Box>
  );
}
