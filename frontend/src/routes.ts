import { matchPath } from 'react-router-dom';

/** The dashboard lives at both / and /dashboard. */
export const DASHBOARD_PATHS = ['/', '/dashboard'] as const;

/** Signed-in pages besides the dashboard (each has its own route in App.tsx). */
const PAGE_PATHS = [
  '/claims',
  '/analytics',
  '/documents',
  '/billing',
  '/checkout',
  '/settings',
  '/admin',
  '/templates',
  '/benefits-learning-center',
  '/calculators',
  '/ai-copilot',
  '/console',
  '/help',
] as const;

/**
 * Every route that needs a signed-in user (a page and anything below it, e.g. /claims/123).
 * Visiting one while signed out starts the Unauthorized flow; any other unknown path shows 404.
 * Keep this list in step with the routes declared in App.tsx.
 */
export const SIGNED_IN_PATHS: readonly string[] = ['/dashboard', ...PAGE_PATHS];

export function isSignedInPath(pathname: string): boolean {
  if (pathname === '/') return true;
  return SIGNED_IN_PATHS.some((path) => matchPath({ path: `${path}/*` }, pathname) !== null);
}

/** Pages anyone may open, served without react-admin (PublicSite) until the app has started. */
export const PUBLIC_PAGE_PATHS = [
  '/login',
  '/privacy-policy',
  '/terms-and-conditions',
  '/ai-policy',
  '/forgot-password',
  '/reset-password',
] as const;

/**
 * Which tree serves a path on the page's first load: the public pages (no react-admin), the app,
 * or neither yet because / waits for the sign-in check (landing page or dashboard). Signed-in
 * pages, unknown paths (404) and the error-screen test path are the app's: its AppLayout runs the
 * Unauthorized flow and the 404 screens as before.
 */
export function entryFor(pathname: string, session: 'pending' | 'signed-in' | 'signed-out'): 'public' | 'app' | 'pending' {
  if ((PUBLIC_PAGE_PATHS as readonly string[]).includes(pathname)) return 'public';
  if (pathname !== '/') return 'app';
  if (session === 'pending') return 'pending';
  return session === 'signed-in' ? 'app' : 'public';
}
