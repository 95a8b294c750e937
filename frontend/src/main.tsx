import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { checkSession } from './auth/sessionStatus';
import { AppErrorBoundary, RouteErrorScreen } from './errors/AppErrorBoundary';
import { Root } from './Root';
import { applyThemeClass, initialThemeMode } from './theme/preference';

// Apply the stored (or system) theme before the first paint, so no page flashes the wrong colours.
applyThemeClass(initialThemeMode());
// At / the sign-in check decides what to fetch (landing page or app); start it before React renders.
if (window.location.pathname === '/') checkSession();

// react-admin would otherwise create a hash router; the app uses real paths (/login, /documents…).
// A data router, because react-admin's unsaved-changes guard needs one; the public pages share it.
const router = createBrowserRouter([{ path: '*', element: <Root />, errorElement: <RouteErrorScreen /> }]);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  </StrictMode>,
);
