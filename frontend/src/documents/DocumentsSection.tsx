import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useMemo, useState } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser';
import { QueryErrorState } from '../common/QueryErrorState';
import { AnalysisResultsDialog } from './AnalysisResultsDialog';
import { AnalyzeDialog } from './AnalyzeDialog';
import { DeleteDocumentDialog } from './DeleteDocumentDialog';
import { DocumentFilters } from './DocumentFilters';
import { DocumentList, DocumentListSkeleton } from './DocumentList';
import { DocumentsEmptyState } from './DocumentsEmptyState';
import { filterDocuments, hasActiveFilters } from './format';
import { useAnalyzeDocument, useStartingAnalyses } from './mutations';
import { useDocuments } from './queries';
import type { Document, DocumentFilters as Filters } from './types';
import { useAnalysisFollow } from './useAnalysisFollow';
import { useDebouncedValue } from '../common/useDebouncedValue';

const NO_FILTERS: Filters = { search: '', status: 'all' };

type OpenDialog = { kind: 'analyze' | 'results' | 'delete'; document: Document } | null;

/** "3 documents", "1 matching document"; says so when the server has more than the newest it sent. */
function countText(shown: number, received: number, total: number, filtered: boolean): string {
  const noun = shown === 1 ? 'document' : 'documents';
  const base = filtered ? `${shown} matching ${noun}` : `${shown} ${noun}`;
  return received < total ? `${base} (the newest ${received} of ${total}; search to find older ones)` : base;
}

/** Your Documents: search and status filter, then the cards (or loading, error, empty), and their dialogs. */
export function DocumentsSection() {
  const headingId = useId();
  const { user } = useCurrentUser();
  const isFreePlan = user ? user.memberTier === 'free' : undefined;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // A finished analysis opens its results, unless another dialog is open by then.
  const showResults = useCallback((document: Document) => setDialog((current) => current ?? { kind: 'results', document }), []);
  const { follow, followedIds } = useAnalysisFollow(showResults);
  const analyze = useAnalyzeDocument({ onCompleted: showResults, onProcessing: follow });
  const startingIds = useStartingAnalyses();
  const busyKey = [...startingIds, ...followedIds].sort().join(' ');
  // Documents whose analysis was just asked for or is being followed: Analyze waits, even before the list shows them processing.
  const analyzingIds = useMemo(() => new Set(busyKey ? busyKey.split(' ') : []), [busyKey]);
  const q = useDebouncedValue(filters.search.trim(), 300);
  const query = useDocuments({ q, processingStatus: filters.status === 'all' ? null : filters.status });
  const filtered = hasActiveFilters(filters);
  // The server filters too; filtering here as well shows the result at once while a new answer loads.
  const documents = query.data ? filterDocuments(query.data.documents, filters) : undefined;
  const close = () => setDialog(null);
  const handlers = {
    onAnalyze: (document: Document) => setDialog({ kind: 'analyze', document }),
    onShowResults: (document: Document) => setDialog({ kind: 'results', document }),
    onDelete: (document: Document) => setDialog({ kind: 'delete', document }),
  };
  const dialogFor = (kind: 'analyze' | 'results' | 'delete') => (dialog?.kind === kind ? dialog.document : null);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="documents-section"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h3">
          Your Documents
        </Typography>
        {documents && query.data ? (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="documents-count-text">
            {countText(documents.length, query.data.documents.length, query.data.total, filtered)}
          </Typography>
        ) : null}
      </Box>
      <DocumentFilters filters={filters} onChange={setFilters} />
      <Box sx={{ mt: 2 }}>
        {query.isError ? (
          <Box sx={{ mb: 2 }}>
            <QueryErrorState what="your documents" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          </Box>
        ) : null}
        {!documents ? (
          query.isError ? null : (
            <DocumentListSkeleton />
          )
        ) : documents.length === 0 ? (
          <DocumentsEmptyState filtered={filtered} onClearFilters={() => setFilters(NO_FILTERS)} />
        ) : (
          <DocumentList
            documents={documents}
            isFreePlan={isFreePlan}
            analyzingIds={analyzingIds}
            updating={query.isPlaceholderData}
            {...handlers}
          />
        )}
      </Box>
      <AnalyzeDialog
        document={dialogFor('analyze')}
        onClose={close}
        onSubmit={(document, analysisType) => {
          close();
          analyze.mutate({ document, analysisType });
        }}
      />
      <AnalysisResultsDialog document={dialogFor('results')} onClose={close} />
      <DeleteDocumentDialog document={dialogFor('delete')} onClose={close} />
    </Paper>
  );
}
