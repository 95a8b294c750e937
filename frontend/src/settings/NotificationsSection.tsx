import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  CLAIM_INSIGHT_NOTIFICATION_KINDS,
  CONFIGURABLE_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  memberTier,
  type Preferences,
} from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { SettingsCard } from './SettingsCard';
import { PreferencesError, PreferencesLoading } from './PreferencesSection';
import { usePreferences, useSavePreferences } from './preferences';

/** E-mail and in-app switches per kind. Welcome and password reset messages always go out. */
export function NotificationsSection() {
  const preferences = usePreferences();
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Choose what we tell you about, by e-mail and in the app. Account messages (welcome, password reset) are always sent."
    >
      {preferences.isPending ? (
        <PreferencesLoading label="Loading notification settings" />
      ) : preferences.isError ? (
        <PreferencesError onRetry={() => void preferences.refetch()} />
      ) : (
        <NotificationMatrix preferences={preferences.data} />
      )}
      <AutomaticUpdatesTeaser />
    </SettingsCard>
  );
}

/** Whether the signed-in account's plan includes Pro's automatic updates (the digest and readiness-drop notices). */
function useHasClaimInsights(): boolean {
  const { user } = useCurrentUser();
  return user ? memberTier(user.memberTier).hasClaimInsights : false;
}

/** Free and Basic: what the digest is and that it comes with Pro, rather than switches that would do nothing. */
function AutomaticUpdatesTeaser() {
  const { user } = useCurrentUser();
  if (!user || memberTier(user.memberTier).hasClaimInsights) return null;
  return (
    <Alert severity="info" icon={<WorkspacePremiumOutlined aria-hidden />} data-testid="digest-teaser" sx={{ mt: 2 }}>
      <strong>Automatic updates come with Pro.</strong> A weekly digest of your claims' status changes, the evidence that moved and the
      deadlines in the next 60 days, and a notice right away when a claim's evidence readiness drops. Your{' '}
      {memberTier(user.memberTier).displayName} plan does not include them.
      <Box sx={{ mt: 1.5 }}>
        <Button component={RouterLink} to="/billing" size="small" variant="contained">
          Upgrade
        </Button>
      </Box>
    </Alert>
  );
}

function NotificationMatrix({ preferences }: { preferences: Preferences }) {
  const save = useSavePreferences();
  const insights = useHasClaimInsights();
  const kinds = CONFIGURABLE_NOTIFICATION_KINDS.filter((kind) => insights || !CLAIM_INSIGHT_NOTIFICATION_KINDS.includes(kind));
  return (
    <Box sx={{ mt: 1.5, overflowX: 'auto' }}>
      <Table size="small" aria-label="Notification settings" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Notify me about</TableCell>
            <TableCell align="center" sx={{ width: { xs: 60, sm: 88 } }}>
              E-mail
            </TableCell>
            <TableCell align="center" sx={{ width: { xs: 60, sm: 88 } }}>
              In-app
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {kinds.map((kind) => {
            const { label, description } = NOTIFICATION_KIND_LABELS[kind];
            return (
              <TableRow key={kind}>
                <TableCell sx={{ py: 1.25 }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {description}
                  </Typography>
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={preferences.emailNotifications[kind]}
                    onChange={(event) => save.mutate({ emailNotifications: { [kind]: event.target.checked } })}
                    slotProps={{ input: { 'aria-label': `${label} by e-mail` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={preferences.inAppNotifications[kind]}
                    onChange={(event) => save.mutate({ inAppNotifications: { [kind]: event.target.checked } })}
                    slotProps={{ input: { 'aria-label': `${label} in the app` } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
