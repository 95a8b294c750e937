import type { BranchFilter, ReferenceList, ReferenceListResponse } from '@cc/contracts';
import { apiJson } from '../api/http';

export interface ReferenceQuery {
  search: string;
  branch: BranchFilter | null;
  /** Inclusive, as the list contract has it. */
  range: [number, number];
}

/** GET /api/va/<list>?search=&branch=&range=[a,b] → {items, totalItems}. */
export function fetchReferenceList(list: ReferenceList, query: ReferenceQuery, signal?: AbortSignal): Promise<ReferenceListResponse> {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.branch) params.set('branch', query.branch);
  params.set('range', JSON.stringify(query.range));
  return apiJson<ReferenceListResponse>(`/api/va/${list}?${params.toString()}`, { signal });
}
