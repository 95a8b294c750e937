import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { reportUnauthorized } from '../auth/unauthorized';
import { useSession } from '../auth/useSession';
import { FullPageLoading } from '../common/FullPageLoading';
import { NotFoundPage } from '../errors/NotFound';
import { lazyComponent } from '../common/lazyComponent';
import { LandingPage } from '../public/publicPages';
import { isSignedInPath } from '../routes';

// Signed-out visitors never fetch the shell, signed-in ones never the landing page.
const Shell = lazyComponent(() => import('./Shell'), 'Shell', <FullPageLoading />);

/** A signed-in route visited while signed out: the Unauthorized toast, then /api/login after 500 ms. */
function SignedOutGate({ checking, immediate }: { checking: boolean; immediate: boolean }) {
  useEffect(() => {
    if (!checking) reportUnauthorized({ immediate });
  }, [checking, immediate]);
  return <FullPageLoading label={checking ? 'Checking your sign-in…' : 'Redirecting to sign in…'} />;
}

/**
 * react-admin's `layout`: every route that is not a public page comes through here.
 * - Signed in: the shell around the page (unknown paths get react-admin's `catchAll`, the 404 panel).
 * - At / while signed out: the public landing page, full page (still checking: a quiet loader, so
 *   a signed-in visitor never fetches the landing page).
 * - A signed-in route while signed out: the Unauthorized flow.
 * - Any other path while signed out: the full-page 404.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const status = useSession();
  const { pathname } = useLocation();

  if (status === 'signed-in') return <Shell>{children}</Shell>;
  if (pathname === '/') return status === 'pending' ? <FullPageLoading quiet /> : <LandingPage />;
  // The chat page sends a signed-out visitor to sign in at once (spec doc 1 §2, §8).
  if (isSignedInPath(pathname)) return <SignedOutGate checking={status === 'pending'} immediate={pathname.startsWith('/ai-copilot')} />;
  return status === 'pending' ? <FullPageLoading /> : <NotFoundPage />;
}
