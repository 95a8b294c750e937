import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { TOAST_DURATION_MS, TOAST_OPTION, type ToastInput } from './types';

/**
 * `const { toast } = useToast(); toast({ title, description, variant })`.
 * Built on react-admin's notifications, so toasts and react-admin's own messages share one
 * viewport that shows a single toast at a time (a newer toast replaces the one on screen).
 */
export function useToast() {
  const notify = useNotify();
  const toast = useCallback(
    (input: ToastInput) => {
      notify(input.title, {
        type: input.variant === 'destructive' ? 'error' : 'info',
        autoHideDuration: TOAST_DURATION_MS,
        [TOAST_OPTION]: input,
      });
    },
    [notify],
  );
  return { toast };
}
