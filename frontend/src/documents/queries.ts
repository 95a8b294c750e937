import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys as claimKeys } from '../claims/queries';
import { fetchDocuments, type DocumentListQuery } from './api';

/**
 * Query keys of the document screens. Everything starts with "documents", which also covers
 * react-admin's `useGetList('documents')` of the sidebar badge, so one invalidation refreshes both.
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: (query: DocumentListQuery) => ['documents', 'list', query] as const,
};

/** The document list for a server filter; keeps the previous answer on screen while a new filter loads. */
export function useDocuments(query: DocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => fetchDocuments(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Queries never go stale on their own (doc 1 §7): after an upload or a delete, refresh the document
 * list, the sidebar badge, the dashboard, and claim details (they list their documents).
 */
export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: claimKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: ['claims', 'detail'] }),
      ]).then(() => undefined),
    [queryClient],
  );
}
