import { AdminContext, AdminUI, CustomRoutes, defaultI18nProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { dataProvider } from './api/dataProvider';
import { createQueryClient } from './api/queryClient';
import { authProvider } from './auth/authProvider';
import { UnauthorizedWatcher } from './auth/UnauthorizedWatcher';
import { ClaimsPage } from './claims/ClaimsPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { DocumentsPage } from './documents/DocumentsPage';
import { AdminErrorScreen } from './errors/ErrorScreen';
import { ERROR_TEST_PATH, ErrorTestRoute } from './errors/ErrorTestRoute';
import { NotFound } from './errors/NotFound';
import { AiPolicyPage, PrivacyPolicyPage, TermsPage } from './legal';
import { LoginPage } from './login/LoginPage';
import { PlannedPage } from './pages/PlannedPage';
import { PdforgePage } from './pdforge/PdforgePage';
import { PLANNED_PAGES } from './routes';
import { AppLayout } from './shell/AppLayout';
import { createAppStore } from './theme/appStore';
import { ThemeClassSync } from './theme/ThemeClassSync';
import { darkTheme, lightTheme } from './theme/themes';
import { ToastViewport } from './toast/ToastViewport';

const store = createAppStore();
const queryClient = createQueryClient();

/**
 * react-admin, split into AdminContext + AdminUI so that app-wide helpers (theme class, the
 * Unauthorized flow) sit inside its providers. Routes:
 * - full pages without the shell: /login, the legal pages, /__boom (error-screen test);
 * - through AppLayout: / (landing or dashboard), the signed-in pages, and 404 for the rest.
 * When adding a signed-in route, also list its path in routes.ts (SIGNED_IN_PATHS).
 */
export function App() {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={defaultI18nProvider}
      store={store}
      queryClient={queryClient}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
    >
      <ThemeClassSync />
      <UnauthorizedWatcher />
      <AdminUI
        title="Claims Copilot"
        layout={AppLayout}
        loginPage={LoginPage}
        catchAll={NotFound}
        error={AdminErrorScreen}
        notification={ToastViewport}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-and-conditions" element={<TermsPage />} />
          <Route path="/ai-policy" element={<AiPolicyPage />} />
          <Route path={ERROR_TEST_PATH} element={<ErrorTestRoute />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/claims" element={<ClaimsPage />} />
          <Route path="/documents" element={<DocumentsPage />} />
          <Route path="/pdfforge" element={<PdforgePage />} />
          {PLANNED_PAGES.map((page) => (
            <Route key={page.path} path={page.path} element={<PlannedPage page={page} />} />
          ))}
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
}
