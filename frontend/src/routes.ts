import { matchPath } from 'react-router-dom';

/** A signed-in page that is not built yet; it renders the shared "Coming soon" panel. */
export interface PlannedPage {
  path: string;
  title: string;
  description: string;
}

export const PLANNED_PAGES: readonly PlannedPage[] = [
  {
    path: '/ai-copilot',
    title: 'AI Copilot',
    description: 'Chat with the AI assistant about VA benefits, evidence and your next steps.',
  },
  {
    path: '/benefits-learning-center',
    title: 'Benefits Learning Center',
    description: 'Browse disabilities, service branches, contention types, treatment centers and special circumstances.',
  },
  {
    path: '/templates',
    title: 'Forms & Templates',
    description: 'Download official VA forms and DBQs, and fill in claim package and nexus letter templates.',
  },
  { path: '/billing', title: 'Billing', description: 'See your plan and usage, and upgrade or manage your subscription.' },
  { path: '/checkout', title: 'Checkout', description: 'Secure payment for a paid plan.' },
  { path: '/settings', title: 'Settings', description: 'Manage your profile, preferences, notifications, privacy and account.' },
  { path: '/admin', title: 'Administration', description: 'Member tiers, users and administrator tools.' },
  { path: '/help', title: 'Help & Support', description: 'Answers to common questions and ways to reach support.' },
];

/** The dashboard lives at both / and /dashboard. */
export const DASHBOARD_PATHS = ['/', '/dashboard'] as const;

/**
 * Signed-in pages that are built (each has its own route in App.tsx), besides the dashboard.
 * /pdfforge is the fillable templates' temporary page until /templates mounts them (issue 13).
 */
export const BUILT_PAGE_PATHS = ['/claims', '/documents', '/pdfforge'] as const;

/**
 * Every route that needs a signed-in user (a page and anything below it, e.g. /claims/123).
 * Visiting one while signed out starts the Unauthorized flow; any other unknown path shows 404.
 * Keep this list in step with the routes declared in App.tsx.
 */
export const SIGNED_IN_PATHS: readonly string[] = [
  '/dashboard',
  ...BUILT_PAGE_PATHS,
  ...PLANNED_PAGES.map((page) => page.path),
];

export function isSignedInPath(pathname: string): boolean {
  if (pathname === '/') return true;
  return SIGNED_IN_PATHS.some((path) => matchPath({ path: `${path}/*` }, pathname) !== null);
}
