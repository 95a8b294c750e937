import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import Close from '@mui/icons-material/Close';
import { displayName } from '@cc/contracts';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { BrandMark } from '../common/BrandMark';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { DESKTOP_QUERY, SIDEBAR_WIDTH } from './breakpoints';
import { veteranLine } from './identity';
import { UserAvatar } from './UserAvatar';

function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}

function SidebarBrand({ onClose }: { onClose?: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 64, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        component={RouterLink}
        to="/"
        aria-label="Claims Copilot home"
        sx={{ textDecoration: 'none', color: 'inherit', borderRadius: 1, minWidth: 0 }}
      >
        <BrandMark />
      </Box>
      {onClose ? (
        <IconButton aria-label="Close navigation" onClick={onClose} sx={{ ml: 'auto' }}>
          <Close aria-hidden />
        </IconButton>
      ) : null}
    </Box>
  );
}

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

/** The signed-in frame: fixed sidebar from 768 px, slide-out drawer below; header; main content. */
export function Shell({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();

  // The drawer closes on every route change, and is irrelevant once the window is wide.
  const [drawerPlace, setDrawerPlace] = useState({ pathname, isDesktop });
  if (drawerPlace.pathname !== pathname || drawerPlace.isDesktop !== isDesktop) {
    setDrawerPlace({ pathname, isDesktop });
    setDrawerOpen(false);
  }

  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {isDesktop ? (
        <Box
          component="aside"
          data-testid="sidebar"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            display: 'flex',
            flexDirection: 'column',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <SidebarBrand />
          <AppMenu />
        </Box>
      ) : (
        <Drawer
          id={drawerId}
          variant="temporary"
          anchor="left"
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{
            paper: {
              'data-testid': 'mobile-drawer',
              sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw', display: 'flex', flexDirection: 'column', backgroundImage: 'none' },
            } as object,
          }}
        >
          <SidebarBrand onClose={closeDrawer} />
          <DrawerUserSummary />
          <AppMenu onNavigate={closeDrawer} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader isDesktop={isDesktop} drawerOpen={drawerOpen} drawerId={drawerId} onOpenNavigation={() => setDrawerOpen(true)} />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3, md: 4 }, outline: 'none', maxWidth: 1280, width: '100%', mx: 'auto' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
