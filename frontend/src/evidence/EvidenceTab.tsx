import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { QueryErrorState } from '../claims/QueryErrorState';
import { visuallyHidden } from '../common/a11y';
import { EvidenceMapView } from './EvidenceMapView';
import { readinessSentence } from './format';
import { evidenceKeys, useEvidence } from './queries';

/**
 * The claim dialog's Evidence tab. `analysing`: one of the claim's documents is being analysed; the
 * map follows it, and is read once more when it finishes.
 */
export function EvidenceTab({ claimId, analysing }: { claimId: string; analysing: boolean }) {
  const query = useEvidence(claimId, { following: analysing });
  const queryClient = useQueryClient();
  const wasAnalysing = useRef(analysing);
  useEffect(() => {
    if (wasAnalysing.current && !analysing) void queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
    wasAnalysing.current = analysing;
  }, [analysing, queryClient]);

  if (query.isError) {
    return <QueryErrorState what="this claim's evidence" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
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
        medical link (nexus) between them. Here is what your documents show for each.
      </Typography>
      <EvidenceMapView map={query.data} />
      <Box role="status" sx={visuallyHidden}>
        {readinessSentence(query.data)}
      </Box>
    </Box>
  );
}
