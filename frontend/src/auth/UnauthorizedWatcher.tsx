import { useEffect } from 'react';
import { useToast } from '../toast/useToast';
import { LOGIN_REDIRECT_DELAY_MS, LOGIN_URL, UNAUTHORIZED_MESSAGE, UNAUTHORIZED_TITLE, setUnauthorizedHandler } from './unauthorized';

/** Mounted once inside the admin context: turns an Unauthorized report into the toast and redirect. */
export function UnauthorizedWatcher() {
  const { toast } = useToast();
  useEffect(
    () =>
      setUnauthorizedHandler(({ immediate }) => {
        toast({ title: UNAUTHORIZED_TITLE, description: UNAUTHORIZED_MESSAGE, variant: 'destructive' });
        window.setTimeout(() => window.location.assign(LOGIN_URL), immediate ? 0 : LOGIN_REDIRECT_DELAY_MS);
      }),
    [toast],
  );
  return null;
}
