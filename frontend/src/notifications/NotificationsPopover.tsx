import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { AppNotification } from '@cc/contracts';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { visuallyHidden } from '../common/a11y';
import { markAllNotificationsRead, markNotificationRead, type NotificationPage } from './api';

const timeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

interface NotificationsPopoverProps {
  popoverId: string;
  anchor: HTMLElement | null;
  close: () => void;
  list: UseQueryResult<NotificationPage>;
  unread: number;
}

/** The bell's popover (its own chunk, fetched when the bell first opens): the newest notifications, mark read. */
export function NotificationsPopover({ popoverId, anchor, close, list, unread }: NotificationsPopoverProps) {
  const open = anchor !== null;
  const client = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => client.invalidateQueries({ queryKey: ['notifications'] });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });

  const openItem = (notification: AppNotification) => {
    if (!notification.isRead) readOne.mutate(notification.id);
    if (notification.link) {
      close();
      navigate(notification.link);
    }
  };

  return (
    <Popover
      id={popoverId}
      open={open}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, maxWidth: 380, mt: 1 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          Notifications
        </Typography>
        <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => readAll.mutate()} disabled={unread === 0 || readAll.isPending}>
          Mark all as read
        </Button>
      </Box>
      <Divider />
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label="Loading notifications" />
        </Box>
      ) : list.isError ? (
        <Typography role="alert" sx={{ p: 2, color: 'error.main' }}>
          Notifications could not be loaded.
        </Typography>
      ) : list.data.notifications.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="notifications-empty">
          You have no notifications yet.
        </Typography>
      ) : (
        <List disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label="Latest notifications">
          {list.data.notifications.map((notification) => (
            <ListItemButton
              key={notification.id}
              onClick={() => openItem(notification)}
              data-testid="notification-item"
              data-read={notification.isRead}
              sx={{
                alignItems: 'flex-start',
                gap: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: notification.isRead ? undefined : 'action.hover',
              }}
            >
              <Box
                aria-hidden
                sx={{
                  mt: 0.9,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: notification.isRead ? 'transparent' : 'primary.main',
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: notification.isRead ? 400 : 700 }}>
                  {notification.isRead ? null : (
                    <Box component="span" sx={visuallyHidden}>
                      Unread:{' '}
                    </Box>
                  )}
                  {notification.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {notification.body}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {timeFormat.format(new Date(notification.createdAt))}
                </Typography>
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
    </Popover>
  );
}
