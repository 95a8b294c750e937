import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import {
  CloseNotificationContext,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import Button from '@mui/material/Button';
import { ToastCard } from './ToastCard';
import { TOAST_DURATION_MS, TOAST_OPTION, type ToastInput } from './types';

interface Current {
  id: number;
  payload: NotificationPayload;
}

let nextId = 0;

const isUndoable = (payload: NotificationPayload | undefined) => !!payload?.notificationOptions?.undoable;

/**
 * react-admin's `notification` slot. Like react-admin's <Notification autoHideDuration={5000}> it
 * shows one notification at a time and supports undoable mutations, but a newer notification
 * replaces the one on screen instead of waiting behind it (the spec's one-toast limit); only a
 * pending "Undo" notification is never replaced, because closing it commits the mutation.
 */
export function ToastViewport() {
  const { notifications, takeNotification, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<Current>();
  const [open, setOpen] = useState(false);
  const undone = useRef(false);

  useEffect(() => {
    if (!notifications.length) return;
    if (!current) {
      // Show the newest notification and drop the older ones, unless one of them is undoable.
      let payload: NotificationPayload | void;
      if (notifications.some(isUndoable)) payload = takeNotification();
      else {
        payload = notifications[notifications.length - 1];
        setNotifications([]);
      }
      if (payload) {
        undone.current = false;
        // Showing a notification follows taking it off react-admin's queue, a change to that store
        // which must not run during render; so the state is set here, once per notification taken.
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setCurrent({ id: ++nextId, payload });
        setOpen(true);
      }
    } else if (open && !isUndoable(current.payload)) {
      setOpen(false); // the exit transition then clears `current` and the effect shows the new one
    }
  }, [notifications, current, open, takeNotification, setNotifications]);

  useEffect(() => {
    if (!isUndoable(current?.payload)) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [current]);

  const close = useCallback(() => setOpen(false), []);

  const handleClose = useCallback((_event: Event | SyntheticEvent, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return; // a toast stays its full 5 s unless dismissed
    setOpen(false);
  }, []);

  const handleExited = useCallback(() => {
    if (current && isUndoable(current.payload) && !undone.current) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
    setCurrent(undefined);
  }, [current, takeMutation]);

  const handleUndo = useCallback(() => {
    undone.current = true;
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo: true });
    else undoableEventEmitter.emit('end', { isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current.payload;
  const toast = notificationOptions[TOAST_OPTION] as ToastInput | undefined;
  const duration = notificationOptions.autoHideDuration === undefined ? TOAST_DURATION_MS : notificationOptions.autoHideDuration;
  const title = toast ? toast.title : typeof message === 'string' ? translate(message, notificationOptions.messageArgs) : message;
  const variant = toast?.variant ?? (type === 'error' ? 'destructive' : 'default');

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={current.id}
        open={open}
        onClose={handleClose}
        autoHideDuration={duration ?? undefined}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ transition: { onExited: handleExited } }}
        sx={{ maxWidth: { xs: 'calc(100% - 16px)', sm: '24rem' } }}
      >
        <div>
          <ToastCard
            title={title}
            description={
              toast?.description ??
              (isUndoable(current.payload) ? (
                <Button size="small" color="inherit" variant="outlined" onClick={handleUndo} sx={{ mt: 1 }}>
                  {translate('ra.action.undo')}
                </Button>
              ) : undefined)
            }
            variant={variant}
            success={type === 'success'}
            onClose={close}
          />
        </div>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
