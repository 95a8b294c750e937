import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { displayName } from '@cc/contracts';
import { useCurrentUser } from '../auth/useCurrentUser';
import { AppMenu } from './AppMenu';
import { SIDEBAR_WIDTH } from './breakpoints';
import { veteranLine } from './identity';
import { SidebarBrand } from './SidebarBrand';
import { UserAvatar } from './UserAvatar';

/** Who is signed in, at the top of the mobile drawer (the header has no room for it below 768 px). */
function DrawerUserSummary() {
  const { user } = useCurrentUser();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <UserAvatar user={user} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 700 }}>
          {displayName(user)}
        </Typography>
        <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
          {veteranLine(user)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * Below 768 px: the navigation in a slide-out drawer, with who is signed in at its top. Its own
 * chunk, fetched when the menu button first opens it (Shell).
 */
export function MobileNavigation({ drawerId, open, onClose }: { drawerId: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id={drawerId}
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'data-testid': 'mobile-drawer',
          sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw', display: 'flex', flexDirection: 'column', backgroundImage: 'none' },
        } as object,
      }}
    >
      <SidebarBrand onClose={onClose} />
      <DrawerUserSummary />
      <AppMenu onNavigate={onClose} />
    </Drawer>
  );
}
