import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadDbq, fetchDbqCategories, fetchDbqs, fetchVaForms, syncDbqs } from './api';

export const formKeys = {
  vaForms: ['va-forms'] as const,
  dbqs: ['dbqs'] as const,
  dbqList: (category: string, search: string) => ['dbqs', 'list', category, search] as const,
  dbqCategories: ['dbqs', 'categories'] as const,
};

export function useVaForms() {
  return useQuery({ queryKey: formKeys.vaForms, queryFn: ({ signal }) => fetchVaForms(signal) });
}

export function useDbqs(filters: { category: string; search: string }, enabled: boolean) {
  return useQuery({
    queryKey: formKeys.dbqList(filters.category, filters.search),
    queryFn: ({ signal }) => fetchDbqs(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDbqCategories(enabled: boolean) {
  return useQuery({ queryKey: formKeys.dbqCategories, queryFn: ({ signal }) => fetchDbqCategories(signal), enabled });
}

/** A tracked download or a sync changes counts and rows: every DBQ query is read again. */
function useRefreshDbqs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: formKeys.dbqs });
}

export function useDownloadDbq() {
  const refresh = useRefreshDbqs();
  return useMutation({ mutationFn: (id: string) => downloadDbq(id), onSettled: () => refresh() });
}

export function useSyncDbqs() {
  const refresh = useRefreshDbqs();
  return useMutation({ mutationFn: () => syncDbqs(), onSettled: () => refresh() });
}
