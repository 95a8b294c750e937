import type { CombinedRatingResponse, DeadlinesBody, DeadlinesResponse, RatingInput } from '@cc/contracts';
import { apiJson } from '../api/http';

export function calculateCombinedRating(ratings: readonly RatingInput[], signal?: AbortSignal): Promise<CombinedRatingResponse> {
  return apiJson<CombinedRatingResponse>('/api/calculators/combined-rating', { method: 'POST', body: { ratings }, signal });
}

export function calculateDeadlines(body: DeadlinesBody): Promise<DeadlinesResponse> {
  return apiJson<DeadlinesResponse>('/api/calculators/deadlines', { method: 'POST', body });
}
