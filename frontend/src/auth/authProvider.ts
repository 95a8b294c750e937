import { displayName, type User } from '@cc/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { isUnauthorizedError } from '../api/http';
import { fetchCurrentUser, forgetCurrentUser, signIn, type SignInInput } from './session';
import { LOGOUT_URL, reportUnauthorized } from './unauthorized';

/** What `useGetIdentity()` returns: react-admin's identity plus the full user record. */
export interface AppIdentity extends UserIdentity {
  user: User;
}

/**
 * react-admin must never redirect or notify on its own: the app shows the landing page to signed-out
 * visitors and runs its own Unauthorized flow (see ./unauthorized.ts).
 */
const silentRejection = { redirectTo: false, message: false, logoutUser: false } as const;

export const authProvider: AuthProvider = {
  async login(params: SignInInput) {
    await signIn(params);
  },

  /** Sign-out is a full-page navigation: the server ends the session and redirects to /. */
  async logout() {
    forgetCurrentUser();
    window.location.assign(LOGOUT_URL);
    return false;
  },

  async checkAuth() {
    try {
      await fetchCurrentUser();
    } catch {
      throw silentRejection;
    }
  },

  /** Called by react-admin for every failed dataProvider call. */
  async checkError(error: unknown) {
    if (isUnauthorizedError(error)) {
      forgetCurrentUser();
      reportUnauthorized();
      throw silentRejection;
    }
  },

  async getIdentity(): Promise<AppIdentity> {
    const user = await fetchCurrentUser();
    return {
      id: user.id,
      fullName: displayName(user),
      avatar: user.profileImageUrl ?? undefined,
      user,
    };
  },
};
