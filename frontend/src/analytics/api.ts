import type { AnalyticsReport } from '@cc/contracts';
import { apiJson } from '../api/http';

export const ANALYTICS_KEY = ['analytics'] as const;

export function fetchAnalytics(signal?: AbortSignal): Promise<AnalyticsReport> {
  return apiJson<AnalyticsReport>('/api/analytics', { signal });
}
