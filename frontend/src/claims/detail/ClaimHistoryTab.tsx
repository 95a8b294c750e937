import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ClaimHistoryEntry } from '@cc/contracts';
import { formatDateTime, formatHistoryChange, newestFirst } from '../format';
import { useClaimHistory } from '../queries';
import { QueryErrorState } from '../../common/QueryErrorState';

/** The claim's timeline (GET /api/claims/{id}/history), newest first. */
export function ClaimHistoryTab({ claimId }: { claimId: string }) {
  const query = useClaimHistory(claimId, true);
  if (query.isError) {
    return (
      <QueryErrorState what="this claim's history" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (!query.data) {
    return (
      <Box role="status" aria-label="Loading history" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={72} />
        ))}
      </Box>
    );
  }
  if (query.data.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="claim-history-empty">
        No history recorded for this claim yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Claim history, newest first" data-testid="claim-history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {newestFirst(query.data).map((entry) => (
        <HistoryItem key={entry.id} entry={entry} />
      ))}
    </Box>
  );
}

function HistoryItem({ entry }: { entry: ClaimHistoryEntry }) {
  // Staff reading the claim is not a change of it: an eye, not the history mark.
  const Icon = entry.type === 'StaffViewed' ? VisibilityOutlined : HistoryOutlined;
  return (
    <Box
      component="li"
      data-testid="claim-history-entry"
      data-type={entry.type}
      sx={{
        position: 'relative',
        pl: 4,
        pb: 2.5,
        '&:last-child': { pb: 0 },
        '&:not(:last-child)::before': { content: '""', position: 'absolute', left: 11, top: 28, bottom: 4, width: 2, bgcolor: 'divider' },
      }}
    >
      <Icon
        aria-hidden
        fontSize="small"
        sx={{ position: 'absolute', left: 2, top: 2, color: entry.type === 'StaffViewed' ? 'text.secondary' : 'primary.main' }}
      />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {entry.title}
        </Typography>
        <Typography component="time" dateTime={entry.at} variant="caption" color="text.secondary">
          {formatDateTime(entry.at)}
        </Typography>
      </Box>
      {entry.description ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {entry.description}
        </Typography>
      ) : null}
      {entry.changes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {entry.changes.map((change, index) => (
            <Typography component="li" variant="body2" key={`${change.field}-${index}`} data-testid="claim-history-change">
              {formatHistoryChange(change)}
            </Typography>
          ))}
        </Box>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        By {entry.actor.name}
      </Typography>
    </Box>
  );
}
