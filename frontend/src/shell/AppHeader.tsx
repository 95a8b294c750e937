import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { displayName } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { BrandMark } from '../common/BrandMark';
import { NotificationBell } from '../notifications/NotificationBell';
import { ThemeToggleButton } from '../theme/ThemeToggleButton';
import { veteranLine } from './identity';
import { UserMenu } from './UserMenu';

interface AppHeaderProps {
  isDesktop: boolean;
  drawerOpen: boolean;
  drawerId: string;
  /** The menu button opened the drawer. */
  onOpenNavigation: (button: HTMLElement) => void;
  /** The pointer or focus reached the menu button: a click may follow. */
  onNavigationIntent: () => void;
}

/** Display name with "{branch} Veteran" beneath it. */
function UserIdentity() {
  const { user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Box sx={{ width: 140 }} aria-hidden>
        <Skeleton width="100%" />
        <Skeleton width="60%" />
      </Box>
    );
  }
  return (
    <Box sx={{ textAlign: 'right', minWidth: 0 }}>
      <Typography
        component="p"
        variant="body2"
        noWrap
        data-testid="user-display-name"
        sx={{ fontWeight: 700, color: 'text.primary', maxWidth: 260 }}
      >
        {displayName(user)}
      </Typography>
      <Typography component="p" variant="caption" noWrap data-testid="user-service-line" sx={{ color: 'text.secondary' }}>
        {veteranLine(user)}
      </Typography>
    </Box>
  );
}

/**
 * The page header. From 768 px: theme toggle, notification bell, the user's name and service line, user menu.
 * Below: a top bar with the menu button and the product name; the name is in the user menu.
 */
export function AppHeader({ isDesktop, drawerOpen, drawerId, onOpenNavigation, onNavigationIntent }: AppHeaderProps) {
  const { user } = useCurrentUser();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', backgroundImage: 'none' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, md: 1.5 }, minHeight: { xs: 56, md: 64 }, px: { xs: 1, md: 3 } }}>
        {isDesktop ? null : (
          <>
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Open navigation"
              aria-controls={drawerId}
              aria-expanded={drawerOpen}
              onPointerEnter={onNavigationIntent}
              onFocus={onNavigationIntent}
              onClick={(event) => onOpenNavigation(event.currentTarget)}
            >
              <MenuIcon aria-hidden />
            </IconButton>
            <Box
              component={RouterLink}
              to="/"
              aria-label="Claims Copilot home"
              sx={{ textDecoration: 'none', color: 'inherit', minWidth: 0, borderRadius: 1 }}
            >
              <BrandMark size="small" />
            </Box>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <ThemeToggleButton />
        <NotificationBell />
        {isDesktop ? <UserIdentity /> : null}
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
