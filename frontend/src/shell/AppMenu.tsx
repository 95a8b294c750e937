import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DocumentsCountBadge } from './DocumentsCountBadge';
import { LiveIndicator } from './LiveIndicator';
import { useCurrentUser } from '../auth/useCurrentUser';
import { isStaff } from '../console/access';
import { PRIMARY_NAV, SECONDARY_NAV, STAFF_NAV, isNavItemActive, type NavItem } from './navItems';

function NavLinkItem({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={(theme) => ({
        borderRadius: 2,
        mx: 1,
        my: 0.25,
        minHeight: 44,
        position: 'relative',
        color: 'text.primary',
        // The active link is shown by weight and a bar, not colour alone.
        '&.Mui-selected': {
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
          fontWeight: 700,
          '&::before': {
            content: '""',
            position: 'absolute',
            left: -8,
            top: 8,
            bottom: 8,
            width: 4,
            borderRadius: 2,
            bgcolor: 'primary.main',
          },
        },
        '&.Mui-selected:hover': {
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.24 : 0.14),
        },
      })}
    >
      <ListItemIcon sx={{ minWidth: 36, color: active ? 'primary.main' : 'text.secondary' }}>
        <Icon aria-hidden fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={item.label}
        slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500, fontSize: '0.95rem' } } }}
        sx={{ my: 0 }}
      />
      {item.extra === 'documents-count' ? <DocumentsCountBadge /> : null}
      {item.extra === 'live' ? <LiveIndicator /> : null}
    </ListItemButton>
  );
}

/** Sidebar links: the six main ones, then Billing, Settings and Help & Support at the bottom. */
export function AppMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const staff = isStaff(user?.memberTier);
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflowY: 'auto', py: 1 }}
    >
      <List disablePadding>
        {PRIMARY_NAV.map((item) => (
          <li key={item.to}>
            <NavLinkItem item={item} active={isNavItemActive(item, pathname)} onNavigate={onNavigate} />
          </li>
        ))}
      </List>
      {staff ? (
        <>
          <Divider sx={{ mx: 2, my: 1 }} />
          <List disablePadding aria-label="Staff">
            <li>
              <NavLinkItem item={STAFF_NAV} active={isNavItemActive(STAFF_NAV, pathname)} onNavigate={onNavigate} />
            </li>
          </List>
        </>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 16 }} />
      <Divider sx={{ mx: 2, mb: 1 }} />
      <List disablePadding aria-label="Account and support">
        {SECONDARY_NAV.map((item) => (
          <li key={item.to}>
            <NavLinkItem item={item} active={isNavItemActive(item, pathname)} onNavigate={onNavigate} />
          </li>
        ))}
      </List>
    </Box>
  );
}
