import { isSpecProblem } from '@cc/contracts';
import { ApiError } from './http';

export interface ToastText {
  title: string;
  description: string;
}

/**
 * What a toast says about a failed call. A problem the spec names (contracts `SPEC_PROBLEMS`:
 * Claim Limit Reached, Upgrade Required, Invalid Rating, File too large, Failed to analyze
 * document, …) shows the server's own `title` and `detail`. Anything else shows the caller's spec
 * text, with the server's detail in place of the description when `serverDetail` is set (doc 1
 * §8, claim create: "Error with the server message, or Failed to create claim").
 */
export function errorToastText(error: unknown, fallback: ToastText, options: { serverDetail?: boolean } = {}): ToastText {
  if (!(error instanceof ApiError) || !error.problem) return fallback;
  const { title, detail } = error.problem;
  if (isSpecProblem(error.problem) && typeof title === 'string' && title) {
    return { title, description: typeof detail === 'string' && detail ? detail : fallback.description };
  }
  if (options.serverDetail && typeof detail === 'string' && detail) return { title: fallback.title, description: detail };
  return fallback;
}
