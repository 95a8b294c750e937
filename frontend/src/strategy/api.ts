import type { ClaimStrategy, PredictionsOverview } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The strategy reads (Pro): one claim's plan, and every pending claim granted as assumed. */

export function fetchStrategy(claimId: string, signal?: AbortSignal): Promise<ClaimStrategy> {
  return apiJson<ClaimStrategy>(`/api/claims/${encodeURIComponent(claimId)}/strategy`, { signal });
}

/** `assume`: the ratings the veteran expects, by claim id. */
export function fetchPredictions(assume: Readonly<Record<string, number>>, signal?: AbortSignal): Promise<PredictionsOverview> {
  const query = Object.keys(assume).length ? `?assume=${encodeURIComponent(JSON.stringify(assume))}` : '';
  return apiJson<PredictionsOverview>(`/api/strategy/predictions${query}`, { signal });
}
