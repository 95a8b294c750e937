import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { checkSession, sessionStatus, subscribeSession } from './auth/sessionStatus';
import { FullPageLoading } from './common/FullPageLoading';
import { lazyComponent } from './common/lazyComponent';
import { PublicSite } from './public/PublicSite';
import { PublicTheme } from './public/PublicTheme';
import { entryFor } from './routes';

const loading = (
  <PublicTheme>
    <FullPageLoading quiet />
  </PublicTheme>
);
const App = lazyComponent(() => import('./App'), 'App', loading);

/**
 * What a signed-in visitor at / sees first, fetched together with the app rather than after it
 * (the same modules App.tsx and AppLayout load lazily, so nothing is fetched twice).
 */
function preloadDashboard(): void {
  void import('./shell/Shell');
  void import('./dashboard/DashboardPage');
}

/**
 * The router's only element. Signed-out visitors of the public pages get PublicSite, without
 * react-admin; everyone else gets the app (react-admin), fetched lazily. At / the sign-in check
 * (started in main.tsx) decides between the landing page and the dashboard. Once the app has
 * started it serves every path, public ones included, for the rest of the page's life.
 */
export function Root() {
  const { pathname } = useLocation();
  const session = useSyncExternalStore(subscribeSession, sessionStatus);
  const target = entryFor(pathname, session);
  const [appStarted, setAppStarted] = useState(target === 'app');
  if (target === 'app' && !appStarted) setAppStarted(true);

  useEffect(() => {
    if (pathname === '/') checkSession();
  }, [pathname]);
  useEffect(() => {
    if (pathname === '/' && session === 'signed-in') preloadDashboard();
  }, [pathname, session]);

  if (appStarted) return <App />;
  if (target === 'pending') return loading;
  return <PublicSite />;
}
