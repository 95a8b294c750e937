import { AdminContext, CustomRoutes, defaultI18nProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { dataProvider } from './api/dataProvider';
import { createQueryClient } from './api/queryClient';
import { authProvider } from './auth/authProvider';
import { SessionSync } from './auth/SessionSync';
import { LiveUpdates } from './live/LiveUpdates';
import { UnauthorizedWatcher } from './auth/UnauthorizedWatcher';
import { FullPageLoading } from './common/FullPageLoading';
import { lazyComponent } from './common/lazyComponent';
import { PageLoading } from './common/PageLoading';
import { AdminErrorScreen } from './errors/ErrorScreen';
import { ERROR_TEST_PATH, ErrorTestRoute } from './errors/ErrorTestRoute';
import { NotFound } from './errors/NotFound';
import { AiPolicyPage, ForgotPasswordPage, LoginPage, PrivacyPolicyPage, ResetPasswordPage, TermsPage } from './public/publicPages';
import { AppAdminUI } from './shell/AppAdminUI';
import { AppLayout } from './shell/AppLayout';
import { createAppStore } from './theme/appStore';
import { ThemeClassSync } from './theme/ThemeClassSync';
import { darkTheme, lightTheme } from './theme/themes';
import { ToastViewport } from './toast/ToastViewport';

// The app itself is a chunk (Root.tsx fetches it for signed-in routes), and every page is its own
// chunk, fetched on its first visit: a signed-in first load carries only the app, the shell and the
// dashboard (bench: "first load"). Pages inside the shell show the in-page loader.
const full = <FullPageLoading />;
const AppLoading = () => full;
const inShell = <PageLoading />;
const DashboardPage = lazyComponent(() => import('./dashboard/DashboardPage'), 'DashboardPage', inShell);
const ClaimsPage = lazyComponent(() => import('./claims/ClaimsPage'), 'ClaimsPage', inShell);
const DocumentsPage = lazyComponent(() => import('./documents/DocumentsPage'), 'DocumentsPage', inShell);
const BillingPage = lazyComponent(() => import('./billing/BillingPage'), 'BillingPage', inShell);
const CheckoutPage = lazyComponent(() => import('./billing/checkout/CheckoutPage'), 'CheckoutPage', inShell);
const BillingSuccessRedirect = lazyComponent(() => import('./billing/checkout/CheckoutPage'), 'BillingSuccessRedirect', inShell);
const SettingsPage = lazyComponent(() => import('./settings/SettingsPage'), 'SettingsPage', inShell);
const EmailTestingPage = lazyComponent(() => import('./admin/EmailTestingPage'), 'EmailTestingPage', inShell);
const TemplatesPage = lazyComponent(() => import('./templates/TemplatesPage'), 'TemplatesPage', inShell);
const LearningCenterPage = lazyComponent(() => import('./learning/LearningCenterPage'), 'LearningCenterPage', inShell);
const CalculatorsPage = lazyComponent(() => import('./calculators/CalculatorsPage'), 'CalculatorsPage', inShell);
const AiCopilotPage = lazyComponent(() => import('./chat/AiCopilotPage'), 'AiCopilotPage', inShell);
const AnalyticsPage = lazyComponent(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage', inShell);
const ConsolePage = lazyComponent(() => import('./console/ConsolePage'), 'ConsolePage', inShell);
const HelpPage = lazyComponent(() => import('./help/HelpPage'), 'HelpPage', inShell);
const SupportRequestPage = lazyComponent(() => import('./help/RequestPage'), 'RequestPage', inShell);

const store = createAppStore();
const queryClient = createQueryClient();

/**
 * The signed-in app (lazy, see Root.tsx): react-admin, split into AdminContext + AdminUI (our AppAdminUI: no default screens bundled) so that app-wide helpers (theme class, the
 * Unauthorized flow) sit inside its providers. Routes:
 * - full pages without the shell: /login, the legal pages, /forgot-password, /reset-password, /__boom (error-screen test);
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
      <SessionSync />
      <LiveUpdates />
      <UnauthorizedWatcher />
      <AppAdminUI
        title="Claims Copilot"
        layout={AppLayout}
        loginPage={LoginPage}
        loading={AppLoading}
        catchAll={NotFound}
        error={AdminErrorScreen}
        notification={ToastViewport}
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-and-conditions" element={<TermsPage />} />
          <Route path="/ai-policy" element={<AiPolicyPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path={ERROR_TEST_PATH} element={<ErrorTestRoute />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/claims" element={<ClaimsPage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="/documents" element={<DocumentsPage />} />
          <Route path="/billing" element={<BillingPage />} />
          <Route path="/billing/success" element={<BillingSuccessRedirect />} />
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/admin" element={<EmailTestingPage />} />
          <Route path="/templates" element={<TemplatesPage />} />
          <Route path="/benefits-learning-center" element={<LearningCenterPage />} />
          <Route path="/calculators" element={<CalculatorsPage />} />
          <Route path="/ai-copilot" element={<AiCopilotPage />} />
          <Route path="/console/*" element={<ConsolePage store={store} />} />
          <Route path="/help" element={<HelpPage />} />
          <Route path="/help/requests/:id" element={<SupportRequestPage />} />
        </CustomRoutes>
      </AppAdminUI>
    </AdminContext>
  );
}
