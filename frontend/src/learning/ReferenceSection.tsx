import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import { REFERENCE_LIST_LABELS, type BranchFilter, type ReferenceList } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryErrorState } from '../common/QueryErrorState';
import { fetchReferenceList } from './api';
import { ITEMS_PER_CATEGORY, listCountText, SEARCH_PAGE } from './format';
import { ReferenceItemCard } from './ReferenceItemCard';

interface ReferenceSectionProps {
  list: ReferenceList;
  search: string;
  branch: BranchFilter | null;
  description: string;
}

/**
 * One list of the learning center. Without a search it shows the first 20; with one, every match
 * (50 at a time, "Show more"). Treatment centers are never capped: they are paged, 20 a page.
 * Paging starts over when the search or the branch changes.
 */
export function ReferenceSection({ list, search, branch, description }: ReferenceSectionProps) {
  const headingId = useId();
  const paged = list === 'treatment-centers';
  const searching = search.length > 0 || branch !== null;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(searching ? SEARCH_PAGE : ITEMS_PER_CATEGORY);
  const filterKey = `${search}|${branch ?? ''}`;
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    // A new search: back to its first page, during render (React's pattern for state derived from props).
    setShownFor(filterKey);
    setPage(1);
    setLimit(searching ? SEARCH_PAGE : ITEMS_PER_CATEGORY);
  }
  const range: [number, number] = paged ? [(page - 1) * ITEMS_PER_CATEGORY, page * ITEMS_PER_CATEGORY - 1] : [0, limit - 1];
  const query = useQuery({
    queryKey: ['reference', list, search, branch, range],
    queryFn: ({ signal }) => fetchReferenceList(list, { search, branch, range }, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalItems / ITEMS_PER_CATEGORY)) : 1;
  const label = REFERENCE_LIST_LABELS[list];

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`reference-${list}`}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h3">
          {label}
        </Typography>
        {data ? (
          <Typography variant="body2" color="text.secondary" data-testid="reference-count">
            {/* The previous list stays on screen while the next loads; its count would misdescribe the new search. */}
            {query.isPlaceholderData
              ? 'Loading…'
              : listCountText(list, data.items.length, data.totalItems, searching, paged ? { page, pages } : undefined)}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {description}
      </Typography>

      {query.isError ? (
        <QueryErrorState what={label.toLowerCase()} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <Box
          role="status"
          aria-label={`Loading ${label.toLowerCase()}`}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} variant="rounded" height={84} />
          ))}
        </Box>
      ) : data.items.length === 0 ? (
        <Box data-testid="reference-empty" sx={{ textAlign: 'center', py: 3 }}>
          <SearchOff aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            No Results Found
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Nothing in {label.toLowerCase()} matches {search ? `“${search}”` : 'this filter'}
            {search && branch ? ` and ${branch}` : !search && branch ? ` (${branch})` : ''}.
          </Typography>
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={label}
            aria-busy={query.isFetching}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              opacity: query.isPlaceholderData ? 0.6 : 1,
            }}
          >
            {data.items.map((item) => (
              <ReferenceItemCard key={item.id} list={list} item={item} />
            ))}
          </Box>
          {paged && pages > 1 ? (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, value) => setPage(value)}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              siblingCount={0}
              getItemAriaLabel={(type, value, selected) =>
                type === 'page'
                  ? `${selected ? 'Current page, ' : 'Go to '}page ${value} of treatment centers`
                  : `Go to ${type} page of treatment centers`
              }
            />
          ) : null}
          {!paged && searching && data.items.length < data.totalItems ? (
            <Box sx={{ mt: 2, textAlign: 'center' }}>
              <Button variant="outlined" onClick={() => setLimit((current) => current + SEARCH_PAGE)} disabled={query.isFetching}>
                Show more {label.toLowerCase()}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}
