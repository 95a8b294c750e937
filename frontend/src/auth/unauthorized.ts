import { UNAUTHORIZED_PROBLEM } from '@cc/contracts';

/**
 * The "signed out while using the app" flow (spec doc 1 §8 "Authentication"): one toast titled
 * Unauthorized, then after 500 ms a full-page navigation to /api/login. Anything that notices the
 * session is gone calls `reportUnauthorized()`; it runs at most once per page load. The handler is
 * registered by <UnauthorizedWatcher>, which can show toasts; a report made before that is kept.
 */
export const UNAUTHORIZED_TITLE = UNAUTHORIZED_PROBLEM.title;
export const UNAUTHORIZED_MESSAGE = UNAUTHORIZED_PROBLEM.detail;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/** `immediate`: chat redirects at once (doc 1 §8 "immediate in chat"); elsewhere after 500 ms. */
type Handler = (options: { immediate: boolean }) => void;

let handler: Handler | null = null;
let pending: { immediate: boolean } | null = null;
let handled = false;

export function reportUnauthorized(options: { immediate?: boolean } = {}): void {
  if (handled) return;
  const report = { immediate: options.immediate ?? false };
  if (!handler) {
    pending = report;
    return;
  }
  handled = true;
  handler(report);
}

export function setUnauthorizedHandler(next: Handler): () => void {
  handler = next;
  if (pending && !handled) {
    const report = pending;
    pending = null;
    handled = true;
    next(report);
  }
  return () => {
    if (handler === next) handler = null;
  };
}

/** After a successful sign-in a later expiry must be reported again. */
export function resetUnauthorized(): void {
  pending = null;
  handled = false;
}
