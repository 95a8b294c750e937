import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import Sync from '@mui/icons-material/Sync';
import { DBQ_MESSAGES, memberTier, tierAllows } from '@cc/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorToastText } from '../api/errorToast';
import { ApiError } from '../api/http';
import { useCurrentUser } from '../auth/useCurrentUser';
import { QueryErrorState } from '../common/QueryErrorState';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { useToast } from '../toast/useToast';
import { DbqRow } from './DbqRow';
import { DbqUpgradePrompt } from './DbqUpgradePrompt';
import { EmptyState } from './EmptyState';
import { FORMS_MESSAGES, syncSummary } from './messages';
import { useDbqCategories, useDbqs, useSyncDbqs } from './queries';
import { useErrorToast } from './useErrorToast';

const isUpgradeProblem = (error: unknown) => error instanceof ApiError && error.status === 403 && error.problem?.upgrade === true;

/** The dbqs tab: category filter and search (the server filters), tracked downloads, and the administrators' sync. */
export function DbqsTab() {
  const { toast } = useToast();
  const { user } = useCurrentUser();
  const hasAccess = user ? memberTier(user.memberTier).hasDbqAccess : false;
  const canSync = user ? tierAllows(user.memberTier, 'dbqs:sync') : false;
  const [category, setCategory] = useState('');
  // A link can name the DBQ (`?dbq=21-0960M-9`, the evidence map's next step) or a condition (`?q=`).
  const [params] = useSearchParams();
  const [text, setText] = useState(() => (params.get('dbq') ?? params.get('q') ?? '').slice(0, 200));
  const search = useDebouncedValue(text.trim(), 300);
  const dbqs = useDbqs({ category, search }, hasAccess);
  const categories = useDbqCategories(hasAccess);
  const sync = useSyncDbqs();
  const upgrade = isUpgradeProblem(dbqs.error);
  useErrorToast(dbqs.isError && !upgrade, FORMS_MESSAGES.errorLoadingDbqs);

  if (user && (!hasAccess || upgrade)) {
    const detail = dbqs.error instanceof ApiError ? dbqs.error.problem?.detail : undefined;
    return <DbqUpgradePrompt message={typeof detail === 'string' && detail ? detail : DBQ_MESSAGES.upgrade} />;
  }

  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: (answer) => toast({ title: FORMS_MESSAGES.syncComplete, description: syncSummary(answer) }),
      onError: (failure) => toast({ ...errorToastText(failure, FORMS_MESSAGES.syncFailed), variant: 'destructive' }),
    });
  const total = categories.data?.reduce((sum, c) => sum + c.count, 0);
  const filtered = category !== '' || search !== '';
  const list = dbqs.data;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
        Disability Benefits Questionnaires are the forms VA examiners use. Your own doctor can fill one in and you can submit it as
        evidence; VA may still ask for its own exam.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1fr) minmax(0, 2fr) auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          id="dbq-category"
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dbq-category' } }}
        >
          <option value="">All categories{total !== undefined ? ` (${total})` : ''}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.category} value={c.category}>
              {c.category} ({c.count})
            </option>
          ))}
        </TextField>
        <TextField
          type="search"
          placeholder="Search DBQs by condition or form number"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search DBQ forms', 'data-testid': 'dbq-search', maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {canSync ? (
          <Button
            variant="outlined"
            startIcon={<Sync aria-hidden />}
            onClick={runSync}
            disabled={sync.isPending}
            data-testid="dbq-sync"
            sx={{ height: 56 }}
          >
            {sync.isPending ? 'Syncing…' : 'Sync from VA'}
          </Button>
        ) : null}
      </Box>

      {dbqs.isError ? (
        <QueryErrorState what="the DBQ forms" error={dbqs.error} onRetry={() => void dbqs.refetch()} retrying={dbqs.isFetching} />
      ) : !list ? (
        <Box role="status" aria-label="Loading DBQ forms" sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={110} />
          ))}
        </Box>
      ) : list.length === 0 && filtered ? (
        <EmptyState title={FORMS_MESSAGES.noResults} testId="dbqs-no-results">
          No DBQ matches {search ? `“${search}”` : 'this category'}
          {search && category ? ` in ${category}` : ''}. Try another word or all categories.
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState title={FORMS_MESSAGES.noDbqs} testId="dbqs-empty">
          The DBQ catalogue is empty.{canSync ? ' Sync from VA to load it.' : ' Please check back later.'}
        </EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="dbqs-count">
            {list.length} {list.length === 1 ? 'DBQ' : 'DBQs'}
            {filtered ? ' match' : ''}
          </Typography>
          <Box
            component="ul"
            aria-label="DBQ forms"
            aria-busy={dbqs.isFetching}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, opacity: dbqs.isPlaceholderData ? 0.6 : 1 }}
          >
            {list.map((dbq) => (
              <DbqRow key={dbq.id} dbq={dbq} />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
