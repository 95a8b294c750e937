import { QueryClient } from '@tanstack/react-query';

/**
 * Query policy of the spec (doc 1 §7): cached data never goes stale, no refetch on window focus,
 * no polling and no retries. Screens refresh data by invalidating queries after a mutation.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
