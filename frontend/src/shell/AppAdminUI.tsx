import CssBaseline from '@mui/material/CssBaseline';
import { CoreAdminUI, type CoreAdminUIProps } from 'react-admin';
import type { ComponentType } from 'react';

/**
 * react-admin's `AdminUI` without its default screens. `AdminUI` names ra-ui-materialui's layout,
 * login form, loading, access-denied and auth-callback pages as default values, so they are bundled
 * even when every one is replaced; this app supplies its own, and the first load stays small.
 * The slots it leaves out (accessDenied, authenticationError) only serve `<Resource>` routes, which
 * the main app has none of (the staff console is its own `<Admin>`); auth-callback is an OAuth
 * flow the app does not use (sign-in goes through /api/login on the server).
 */
export function AppAdminUI({ notification: Notification, ...props }: CoreAdminUIProps & { notification: ComponentType }) {
  return (
    <CssBaseline enableColorScheme>
      <CoreAdminUI {...props} />
      <Notification />
    </CssBaseline>
  );
}
