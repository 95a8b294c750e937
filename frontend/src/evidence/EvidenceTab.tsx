import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MAX_STALE_POLLS } from '../documents/analysisFlow';
import { QueryErrorState } from '../common/QueryErrorState';
import { visuallyHidden } from '../common/a11y';
import { EvidenceMapView } from './EvidenceMapView';
import { readinessSentence } from './format';
import { evidenceKeys, useEvidence } from './queries';

/**
 * The claim dialog's Evidence tab. `analysing`: one of the claim's documents is being analysed; the
 * map follows it, and is read once more when it finishes.
 */
export function EvidenceTab({ claimId, analysing }: { claimId: string; analysing: boolean }) {
  const queryClient = useQueryClient();
  // The map is its own read model, which may apply the finished analysis a moment after the claim
  // shows it: after an analysis the map is followed until it changes (or, like the documents list
  // does, for a bounded number of reads).
  const [settling, setSettling] = useState<{ from: string | undefined; reads: number } | null>(null);
  const query = useEvidence(claimId, { following: analysing || settling !== null });
  const updatedAt = query.data?.updatedAt;
  const [wasAnalysing, setWasAnalysing] = useState(analysing);
  if (wasAnalysing !== analysing) {
    setWasAnalysing(analysing);
    if (!analysing) setSettling({ from: updatedAt, reads: 0 });
  }
  const [readAt, setReadAt] = useState(query.dataUpdatedAt);
  if (readAt !== query.dataUpdatedAt) {
    setReadAt(query.dataUpdatedAt);
    if (query.dataUpdatedAt !== 0) {
      setSettling((current) => {
        if (current === null) return null;
        if (updatedAt !== current.from || current.reads >= MAX_STALE_POLLS) return null;
        return { ...current, reads: current.reads + 1 };
      });
    }
  }
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (query.dataUpdatedAt === 0) return;
    const changed = seen.current !== undefined && seen.current !== updatedAt;
    seen.current = updatedAt;
    // A changed map changes the claim's readiness on the claim rows and the dashboard card too.
    if (changed) void queryClient.invalidateQueries({ queryKey: evidenceKeys.readiness });
  }, [query.dataUpdatedAt, updatedAt, queryClient]);

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
