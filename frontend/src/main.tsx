import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { App } from './App';
import { AppErrorBoundary, RouteErrorScreen } from './errors/AppErrorBoundary';
import { applyThemeClass, initialThemeMode } from './theme/preference';

// Apply the stored (or system) theme before the first paint, so no page flashes the wrong colours.
applyThemeClass(initialThemeMode());

// react-admin would otherwise create a hash router; the app uses real paths (/login, /documents…).
// A data router, because react-admin's unsaved-changes guard needs one.
const router = createBrowserRouter([{ path: '*', element: <App />, errorElement: <RouteErrorScreen /> }]);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  </StrictMode>,
);
