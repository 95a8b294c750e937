import type { User } from '@cc/contracts';
import { apiJson } from '../api/http';

/**
 * The signed-in user, fetched once from `GET /api/auth/user` and shared by react-admin's
 * `checkAuth` and `getIdentity` (so the page load makes one call, not two). Cleared whenever the
 * session changes; call `forgetCurrentUser()` after editing the profile so the next read refetches.
 */
let currentUser: Promise<User> | null = null;

export function fetchCurrentUser(): Promise<User> {
  if (!currentUser) {
    const request = apiJson<User>('/api/auth/user', { reportUnauthorized: false });
    currentUser = request;
    request.catch(() => {
      if (currentUser === request) currentUser = null;
    });
  }
  return currentUser;
}

export function forgetCurrentUser(): void {
  currentUser = null;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface RegisterInput extends SignInInput {
  firstName?: string;
  lastName?: string;
  /** The form's confirmations; the server refuses an account without them. */
  ageConfirmed: true;
  termsAccepted: true;
}

function remember(user: User): User {
  currentUser = Promise.resolve(user);
  return user;
}

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = await apiJson<{ user: User }>('/api/auth/login', {
    method: 'POST',
    body: input,
    reportUnauthorized: false,
  });
  return remember(user);
}

export async function register(input: RegisterInput): Promise<User> {
  const { user } = await apiJson<{ user: User }>('/api/auth/register', {
    method: 'POST',
    body: input,
    reportUnauthorized: false,
  });
  return remember(user);
}
