import type { User } from '@cc/contracts';
import { useGetIdentity } from 'react-admin';
import type { AppIdentity } from './authProvider';
import { forgetCurrentUser } from './session';

/**
 * The signed-in user record (GET /api/auth/user), or undefined while loading / signed out.
 * `refetch()` drops the cached record first, e.g. after the profile was edited.
 */
export function useCurrentUser(): { user: User | undefined; isPending: boolean; refetch: () => void } {
  const { identity, isPending, refetch } = useGetIdentity();
  return {
    user: (identity as AppIdentity | undefined)?.user,
    isPending,
    refetch: () => {
      forgetCurrentUser();
      void refetch();
    },
  };
}
