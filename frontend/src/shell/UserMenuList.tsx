import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import MailOutline from '@mui/icons-material/MailOutline';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { displayName, type User } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { LOGOUT_URL } from '../auth/unauthorized';
import { veteranLine } from './identity';

interface UserMenuListProps {
  user: User | undefined;
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  close: () => void;
}

/** The user menu's items (its own chunk, fetched when the menu first opens): Profile, Settings, Email Testing (administrators), Sign Out. */
export function UserMenuList({ user, menuId, buttonId, anchor, close }: UserMenuListProps) {
  const open = anchor !== null;
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId, dense: false }, paper: { sx: { minWidth: 220, mt: 1 } } }}
    >
      <ListSubheader sx={{ lineHeight: 1.4, py: 1.25, bgcolor: 'transparent', position: 'static' }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700, color: 'text.primary' }} data-testid="user-menu-name">
          {displayName(user)}
        </Typography>
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {veteranLine(user)}
        </Typography>
      </ListSubheader>
      <Divider />
      <MenuItem component={RouterLink} to="/settings" onClick={close}>
        <ListItemIcon>
          <PersonOutline fontSize="small" aria-hidden />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem component={RouterLink} to="/settings" onClick={close}>
        <ListItemIcon>
          <SettingsOutlined fontSize="small" aria-hidden />
        </ListItemIcon>
        Settings
      </MenuItem>
      {user?.roles.includes('administrator') ? (
        <MenuItem component={RouterLink} to="/admin" onClick={close}>
          <ListItemIcon>
            <MailOutline fontSize="small" aria-hidden />
          </ListItemIcon>
          Email Testing
        </MenuItem>
      ) : null}
      <Divider />
      {/* A real link: signing out is a full-page navigation, the server ends the session. */}
      <MenuItem component="a" href={LOGOUT_URL}>
        <ListItemIcon>
          <Logout fontSize="small" aria-hidden />
        </ListItemIcon>
        Sign Out
      </MenuItem>
    </Menu>
  );
}
