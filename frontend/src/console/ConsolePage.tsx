import { useMemo } from 'react';
import { Admin, Resource, defaultI18nProvider, type AuthProvider, type Store } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { authProvider } from '../auth/authProvider';
import { fetchCurrentUser } from '../auth/session';
import { useCurrentUser } from '../auth/useCurrentUser';
import { FullPageLoading } from '../common/FullPageLoading';
import { usePageTitle } from '../common/usePageTitle';
import { NotFound } from '../errors/NotFound';
import { darkTheme, lightTheme } from '../theme/themes';
import { ToastViewport } from '../toast/ToastViewport';
import { canAccessConsole, isStaff } from './access';
import { AccessDenied } from './AccessDenied';
import { consoleDataProvider } from './consoleDataProvider';
import { ConsoleHome } from './ConsoleHome';
import { ConsoleLayout } from './ConsoleLayout';
import accessLog from './accessLog';
import claims from './claims';
import deadLetters from './deadLetters';
import events from './events';
import projections from './projections';
import supportRequests from './supportRequests';
import users from './users';

/** The app's auth provider, with react-admin's access control for the console's resources. */
const consoleAuthProvider: AuthProvider = {
  ...authProvider,
  async canAccess({ resource, action }) {
    const user = await fetchCurrentUser();
    return canAccessConsole(user.memberTier, resource ?? '', action);
  },
};

/**
 * The staff console at /console: a react-admin app of its own under the shell, like
 * react-admin's demo — one folder per resource, `<Resource>` with list and show, `<List>` with
 * filters, pagination and `<ExportButton>`, over ra-data-simple-rest. It shares the app's query
 * client and store (the store's own setup and teardown stay with the outer app).
 */
export function ConsolePage({ store }: { store: Store }) {
  usePageTitle('Staff console');
  const { user, isPending } = useCurrentUser();
  const queryClient = useQueryClient();
  const sharedStore = useMemo<Store>(() => ({ ...store, setup: () => undefined, teardown: () => undefined }), [store]);
  if (isPending && !user) return <FullPageLoading label="Opening the staff console…" />;
  if (!isStaff(user?.memberTier)) return <AccessDenied />;
  return (
    <Admin
      basename="/console"
      title="Staff console"
      dataProvider={consoleDataProvider}
      authProvider={consoleAuthProvider}
      i18nProvider={defaultI18nProvider}
      store={sharedStore}
      queryClient={queryClient}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      layout={ConsoleLayout}
      dashboard={ConsoleHome}
      notification={ToastViewport}
      accessDenied={AccessDenied}
      catchAll={NotFound}
      disableTelemetry
    >
      <Resource name="claims" {...claims} recordRepresentation="claimNumber" />
      <Resource name="support-requests" {...supportRequests} options={{ label: 'Support queue' }} recordRepresentation="subject" />
      <Resource name="documents" recordRepresentation="fileName" />
      <Resource name="access-log" {...accessLog} options={{ label: 'Access log' }} />
      <Resource name="users" {...users} recordRepresentation="email" />
      <Resource name="tier-history" />
      <Resource name="projections" {...projections} recordRepresentation="name" />
      <Resource name="dead-letters" {...deadLetters} options={{ label: 'Dead letters' }} />
      <Resource name="events" {...events} options={{ label: 'Event log' }} recordRepresentation="type" />
    </Admin>
  );
}
