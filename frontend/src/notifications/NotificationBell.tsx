import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { lazyOverlay } from '../common/lazyOverlay';
import { LazyTooltip } from '../common/LazyTooltip';
import { OverlayLoading } from '../common/OverlayLoading';
import { fetchNotifications, fetchUnreadCount } from './api';

const { Overlay: NotificationsPopover, preload } = lazyOverlay(() => import('./NotificationsPopover'), 'NotificationsPopover');

const SHOWN = 10;
/**
 * New notifications come from a worker: the change stream's notice that the user's notifications
 * changed reads the count (and the open list) again. The list loads when the bell opens.
 */
const COUNT_KEY = ['notifications', 'unread-count'] as const;
const LIST_KEY = ['notifications', 'list', SHOWN] as const;

/** The bell in the page header: unread count; it opens the newest notifications (NotificationsPopover). */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = anchor !== null;
  const popoverId = useId();
  const count = useQuery({ queryKey: COUNT_KEY, queryFn: ({ signal }) => fetchUnreadCount(signal) });
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => fetchNotifications(SHOWN, signal), enabled: open });
  const unread = (open ? list.data?.unreadCount : undefined) ?? count.data ?? 0;

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <>
      <LazyTooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setOpened(true);
          }}
          data-testid="notification-bell"
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-unread-count">
            <NotificationsNoneOutlined aria-hidden />
          </Badge>
        </IconButton>
      </LazyTooltip>
      {opened ? (
        <NotificationsPopover
          popoverId={popoverId}
          anchor={anchor}
          close={() => setAnchor(null)}
          list={list}
          unread={unread}
          loading={open ? <OverlayLoading anchor={anchor} label="Opening notifications…" /> : null}
        />
      ) : null}
    </>
  );
}
