import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { applyThemeClass, initialThemeMode } from './theme/preference';

// Apply the stored (or system) theme before the first paint, so no page flashes the wrong colours.
applyThemeClass(initialThemeMode());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary>
      <App />
    </AppErrorBoundary>
  </StrictMode>,
);
