import type { Dbq, DbqCategory, DbqDownloadAnswer, DbqSyncAnswer, VaFormsAnswer } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The forms page's calls (spec doc 2 §7). */

export function fetchVaForms(signal?: AbortSignal): Promise<VaFormsAnswer> {
  return apiJson<VaFormsAnswer>('/api/va-forms/', { signal });
}

export function fetchDbqs(filters: { category: string; search: string }, signal?: AbortSignal): Promise<Dbq[]> {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.search) params.set('search', filters.search);
  const query = params.toString();
  return apiJson<Dbq[]>(`/api/dbqs${query ? `?${query}` : ''}`, { signal });
}

export function fetchDbqCategories(signal?: AbortSignal): Promise<DbqCategory[]> {
  return apiJson<DbqCategory[]>('/api/dbqs/categories', { signal });
}

export function downloadDbq(id: string): Promise<DbqDownloadAnswer> {
  return apiJson<DbqDownloadAnswer>(`/api/dbqs/${encodeURIComponent(id)}/download`, { method: 'POST', body: {} });
}

export function syncDbqs(): Promise<DbqSyncAnswer> {
  return apiJson<DbqSyncAnswer>('/api/dbqs/sync', { method: 'POST', body: {} });
}
