import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStatus, subscribeSession } from './sessionStatus';

/**
 * Inside react-admin: a sign-in made on the sign-in page (which does not use react-admin) refreshes
 * react-admin's cached auth state, so the app sees the new session without a reload.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSession(() => {
        if (sessionStatus() === 'signed-in') void queryClient.resetQueries({ queryKey: ['auth'] });
      }),
    [queryClient],
  );
  return null;
}
