import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CONFIGURABLE_NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type Preferences } from '@cc/contracts';
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
    </SettingsCard>
  );
}

function NotificationMatrix({ preferences }: { preferences: Preferences }) {
  const save = useSavePreferences();
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
          {CONFIGURABLE_NOTIFICATION_KINDS.map((kind) => {
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
