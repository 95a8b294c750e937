import { useQuery } from '@tanstack/react-query';
import { fetchUpcomingDeadlines } from './api';

/** Under "dashboard", so every claim change that refreshes the dashboard refreshes the deadlines too. */
export const deadlineKeys = { upcoming: (limit: number) => ['dashboard', 'deadlines', limit] as const };

export function useUpcomingDeadlines(limit: number) {
  return useQuery({ queryKey: deadlineKeys.upcoming(limit), queryFn: ({ signal }) => fetchUpcomingDeadlines(limit, signal) });
}
