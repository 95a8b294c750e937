import type { ClaimDetail, UpcomingDeadline } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The soonest upcoming review deadlines of the user's decided claims (GET /api/deadlines). */
export function fetchUpcomingDeadlines(limit: number, signal?: AbortSignal): Promise<UpcomingDeadline[]> {
  const sort = encodeURIComponent(JSON.stringify(['dueDate', 'ASC']));
  const range = encodeURIComponent(JSON.stringify([0, limit - 1]));
  return apiJson<UpcomingDeadline[]>(`/api/deadlines?sort=${sort}&range=${range}`, { signal });
}

/** Sets (or, with null, clears) the date on a decided claim's decision letter. */
export function setDecisionDate(claimId: string, decisionDate: string | null): Promise<ClaimDetail> {
  return apiJson<ClaimDetail>(`/api/claims/${encodeURIComponent(claimId)}`, { method: 'PATCH', body: { decisionDate } });
}
