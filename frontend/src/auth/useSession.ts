import { useAuthState } from 'react-admin';

export type SessionStatus = 'pending' | 'signed-in' | 'signed-out';

/**
 * Whether someone is signed in, from react-admin's cached `checkAuth` (GET /api/auth/user, no
 * retry). A re-check after a failure counts as pending, so a stale "signed out" never triggers
 * the Unauthorized flow right after signing in.
 */
export function useSession(): SessionStatus {
  const { isPending, isFetching, error, authenticated } = useAuthState(undefined, false);
  if (isPending || (error && isFetching)) return 'pending';
  return authenticated ? 'signed-in' : 'signed-out';
}
