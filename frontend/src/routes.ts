import { matchPath } from 'react-router-dom';

/** A signed-in page that is not built yet; it renders the shared "Coming soon" panel. */
export interface PlannedPage {
  path: string;
  title: string;
  description: string;
}

export const PLANNED_PAGES: readonly PlannedPage[] = [
  { path: '/help', title: 'Help & Support', description: 'Answers to common questions and ways to reach support.' },
];

/** The dashboard lives at both / and /dashboard. */
export const DASHBOARD_PATHS = ['/', '/dashboard'] as const;

/** Signed-in pages that are built (each has its own route in App.tsx), besides the dashboard. */
export const BUILT_PAGE_PATHS = [
  '/claims',
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
] as const;

/**
 * Every route that needs a signed-in user (a page and anything below it, e.g. /claims/123).
 * Visiting one while signed out starts the Unauthorized flow; any other unknown path shows 404.
 * Keep this list in step with the routes declared in App.tsx.
 */
export const SIGNED_IN_PATHS: readonly string[] = ['/dashboard', ...BUILT_PAGE_PATHS, ...PLANNED_PAGES.map((page) => page.path)];

export function isSignedInPath(pathname: string): boolean {
  if (pathname === '/') return true;
  return SIGNED_IN_PATHS.some((path) => matchPath({ path: `${path}/*` }, pathname) !== null);
}
