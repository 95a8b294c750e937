import { SPEC_PROBLEMS } from '@cc/contracts';

/**
 * The "signed out while using the app" flow (spec doc 1 §8 "Authentication"): one toast titled
 * Unauthorized, then after 500 ms a full-page navigation to /api/login. Anything that notices the
 * session is gone calls `reportUnauthorized()`; it runs at most once per page load. The handler is
 * registered by <UnauthorizedWatcher>, which can show toasts; a report made before that is kept.
 */
export const UNAUTHORIZED_TITLE = SPEC_PROBLEMS.unauthorized().title;
export const UNAUTHORIZED_MESSAGE = SPEC_PROBLEMS.unauthorized().detail;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

type Handler = () => void;

let handler: Handler | null = null;
let pending = false;
let handled = false;

export function reportUnauthorized(): void {
  if (handled) return;
  if (!handler) {
    pending = true;
    return;
  }
  handled = true;
  handler();
}

export function setUnauthorizedHandler(next: Handler): () => void {
  handler = next;
  if (pending && !handled) {
    pending = false;
    handled = true;
    next();
  }
  return () => {
    if (handler === next) handler = null;
  };
}

/** After a successful sign-in a later expiry must be reported again. */
export function resetUnauthorized(): void {
  pending = false;
  handled = false;
}
