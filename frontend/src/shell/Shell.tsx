import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyOverlay } from '../common/lazyOverlay';
import { OverlayLoading } from '../common/OverlayLoading';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { DESKTOP_QUERY, SIDEBAR_WIDTH } from './breakpoints';
import { SidebarBrand } from './SidebarBrand';

const { Overlay: MobileNavigation, preload: preloadMobileNavigation } = lazyOverlay(() => import('./MobileNavigation'), 'MobileNavigation');

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

/** The signed-in frame: fixed sidebar from 768 px, slide-out drawer below; header; main content. */
export function Shell({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The button that opened the drawer (the drawer's code is fetched on that first opening).
  const [drawerButton, setDrawerButton] = useState<HTMLElement | null>(null);
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
      ) : drawerButton ? (
        <MobileNavigation
          drawerId={drawerId}
          open={drawerOpen}
          onClose={closeDrawer}
          loading={drawerOpen ? <OverlayLoading anchor={drawerButton} label="Opening navigation…" /> : null}
        />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader
          isDesktop={isDesktop}
          drawerOpen={drawerOpen}
          drawerId={drawerId}
          onOpenNavigation={(button) => {
            setDrawerButton(button);
            setDrawerOpen(true);
          }}
          onNavigationIntent={preloadMobileNavigation}
        />
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
