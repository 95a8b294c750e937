import { useEffect, useSyncExternalStore } from 'react';
import { fetchCurrentUser } from './session';

export type SessionStatus = 'pending' | 'signed-in' | 'signed-out';

/**
 * Whether someone is signed in, for code outside react-admin (the entry's choice between the public
 * pages and the app, the sign-in page): one GET /api/auth/user, shared with react-admin's
 * `checkAuth` through session.ts, so a page load still makes one call.
 */
let status: SessionStatus = 'pending';
let checking = false;
const listeners = new Set<() => void>();

function set(next: SessionStatus): void {
  if (status === next) return;
  status = next;
  listeners.forEach((listener) => listener());
}

export function sessionStatus(): SessionStatus {
  return status;
}

/** Starts the sign-in check once per page load; later calls do nothing. */
export function checkSession(): void {
  if (checking) return;
  checking = true;
  fetchCurrentUser().then(
    () => set('signed-in'),
    () => set('signed-out'),
  );
}

/** After a successful sign-in or account creation (session.ts already holds the user). */
export function markSignedIn(): void {
  checking = true;
  set('signed-in');
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session status, checking it on first use. */
export function useSessionStatus(): SessionStatus {
  useEffect(checkSession, []);
  return useSyncExternalStore(subscribeSession, sessionStatus);
}
