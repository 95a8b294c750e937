import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePageTitle } from '../common/usePageTitle';
import { AccountSection } from './AccountSection';
import { fetchAccount } from './api';
import { MemberTiersSection } from './MemberTiersSection';
import { NotificationsSection } from './NotificationsSection';
import { PreferencesSection } from './PreferencesSection';
import { PrivacySection } from './PrivacySection';
import { ProfileSection } from './ProfileSection';

/** /settings (spec doc 2 §2.4): profile, preferences, notifications, privacy and security, account, member tiers. */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user } = useCurrentUser();
  const account = useQuery({ queryKey: ['account'], queryFn: ({ signal }) => fetchAccount(signal) });
  const roles = user?.roles ?? [];
  const seesTiers = roles.includes('administrator') || roles.includes('adjudicator');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Settings
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
          Manage your profile, preferences, notifications, privacy and account.
        </Typography>
      </Box>
      <ProfileSection />
      <PreferencesSection />
      <NotificationsSection />
      {account.isPending || !user ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading account" />
      ) : account.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void account.refetch()}>
              Retry
            </Button>
          }
        >
          Your account details could not be loaded.
        </Alert>
      ) : (
        <>
          <PrivacySection hasPassword={account.data.hasPassword} email={account.data.email} />
          <AccountSection account={account.data} user={user} />
        </>
      )}
      {seesTiers ? <MemberTiersSection canEdit={roles.includes('administrator')} /> : null}
    </Box>
  );
}
