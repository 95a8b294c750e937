import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import MailOutline from '@mui/icons-material/MailOutline';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { displayName, type User } from '@cc/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOGOUT_URL } from '../auth/unauthorized';
import { initials, veteranLine } from './identity';
import { UserAvatar } from './UserAvatar';

/** Avatar button (accessible name "User menu" and the initials it shows) opening Profile, Settings, Email Testing (administrators) and Sign Out. */
export function UserMenu({ user }: { user: User | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        id={buttonId}
        // The initials are the button's visible text, so a speech user saying them finds it (WCAG 2.5.3).
        aria-label={user?.profileImageUrl ? 'User menu' : `User menu, ${initials(user)}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 6, p: 0.5, gap: 0.25, color: 'text.secondary' }}
      >
        <UserAvatar user={user} />
        {/* The chevron gives way on phones, where the header also holds the menu button and the bell. */}
        <ExpandMore aria-hidden fontSize="small" sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
      </ButtonBase>
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
    </>
  );
}
