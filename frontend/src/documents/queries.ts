import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys as claimKeys } from '../claims/queries';
import { evidenceKeys } from '../evidence/queries';
import { fetchDocument, fetchDocuments, type DocumentListQuery } from './api';

/**
 * Query keys of the document screens. Everything starts with "documents", which also covers
 * react-admin's `useGetList('documents')` of the sidebar badge, so one invalidation refreshes both.
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: (query: DocumentListQuery) => ['documents', 'list', query] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
};

/**
 * The document list for a server filter; keeps the previous answer on screen while a new filter
 * loads. Read again when the change stream says the user's documents changed (live/), never on a timer.
 */
export function useDocuments(query: DocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => fetchDocuments(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The documents whose analysis the screen follows (whatever the list's filter shows), each read
 * again when the change stream says the user's documents changed. A document that is gone (404)
 * reads as null.
 */
export function useFollowedDocuments(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: documentKeys.detail(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await fetchDocument(id, signal);
        } catch (error) {
          if (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404) return null;
          throw error;
        }
      },
    })),
  });
}

/**
 * Queries never go stale on their own (doc 1 §7): after an upload or a delete, refresh the document
 * list, the sidebar badge, the dashboard, claim details (they list their documents), and the
 * evidence maps and readiness (a linked, deleted or newly analysed document changes them).
 */
export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: claimKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: ['claims', 'detail'] }),
        queryClient.invalidateQueries({ queryKey: evidenceKeys.all }),
        queryClient.invalidateQueries({ queryKey: evidenceKeys.readiness }),
      ]).then(() => undefined),
    [queryClient],
  );
}

/** After an analysis: the documents refresh above, and the AI recommendations of the claims page. */
export function useRefreshAfterAnalysis() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDocuments();
  return useCallback(
    () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: claimKeys.aiProfile })]).then(() => undefined),
    [queryClient, refresh],
  );
}
