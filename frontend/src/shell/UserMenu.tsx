import ButtonBase from '@mui/material/ButtonBase';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { User } from '@cc/contracts';
import { useId, useState } from 'react';
import { lazyOverlay } from '../common/lazyOverlay';
import { OverlayLoading } from '../common/OverlayLoading';
import { initials } from './identity';
import { UserAvatar } from './UserAvatar';

const { Overlay: UserMenuList, preload } = lazyOverlay(() => import('./UserMenuList'), 'UserMenuList');

/** Avatar button (accessible name "User menu" and the initials it shows) opening Profile, Settings, Email Testing (administrators) and Sign Out. */
export function UserMenu({ user }: { user: User | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
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
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ borderRadius: 6, p: 0.5, gap: 0.25, color: 'text.secondary' }}
      >
        <UserAvatar user={user} />
        {/* The chevron gives way on phones, where the header also holds the menu button and the bell. */}
        <ExpandMore aria-hidden fontSize="small" sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
      </ButtonBase>
      {opened ? (
        <UserMenuList
          user={user}
          menuId={menuId}
          buttonId={buttonId}
          anchor={anchor}
          close={close}
          loading={open ? <OverlayLoading anchor={anchor} label="Opening the user menu…" /> : null}
        />
      ) : null}
    </>
  );
}
