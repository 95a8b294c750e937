import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import type { AccountInfo, User } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { LOGOUT_URL } from '../auth/unauthorized';
import { SettingsCard } from './SettingsCard';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: { xs: 0.25, sm: 2 },
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the account is: e-mail, member since, plan, how it signs in. */
export function AccountSection({ account, user }: { account: AccountInfo; user: User }) {
  return (
    <SettingsCard id="account" title="Account">
      <Box component="dl" sx={{ mt: 1.5, mb: 0 }}>
        <Row label="Email">{account.email}</Row>
        <Row label="Member since">{dateFormat.format(new Date(account.createdAt))}</Row>
        <Row label="Plan">
          <Chip size="small" label={user.memberTierData.displayName} data-testid="account-plan" />{' '}
          <Button component={RouterLink} to="/billing" size="small" sx={{ ml: 1 }}>
            Manage plan
          </Button>
        </Row>
        <Row label="Sign-in">{account.hasPassword ? 'E-mail and password' : 'Your identity provider'}</Row>
      </Box>
      <Button sx={{ mt: 2 }} variant="outlined" component="a" href={LOGOUT_URL} startIcon={<Logout aria-hidden />}>
        Sign Out
      </Button>
    </SettingsCard>
  );
}
