import { Router } from 'express';
import { EDITABLE_PROFILE_FIELDS, PROFILE_MESSAGES, profileBody, splitName, type User, type UserProfileChanges } from '@cc/contracts';
import { answerCommand, commandMetadata, parseOrProblem, problems, requireAuth, type GlobalPosition } from '@cc/platform';
import type { UserCommands } from './commands';

export interface ProfileReadBack {
  /** Waits until the named read models (all, without names) have applied the position. */
  waitFor(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  findUserProfile(userId: string): Promise<User | undefined>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `PUT /api/auth/profile` (spec doc 2 §5, §7): the fields given replace the stored ones; the e-mail
 * is read-only. Only what differs from the profile as the user sees it is recorded.
 */
export function profileRoutes(users: UserCommands, readBack: ProfileReadBack): Router {
  const router = Router();

  router.put('/api/auth/profile', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(profileBody, req.body);
    const current = await readBack.findUserProfile(auth.userId);
    if (!current) throw problems.unavailable('Your account is being set up. Please try again in a moment.');
    if (body.email !== undefined && body.email !== current.email.toLowerCase()) {
      throw problems.validation([{ field: 'email', message: PROFILE_MESSAGES.emailReadOnly }]);
    }
    const names = splitName(body.name);
    const wanted: Partial<Record<(typeof EDITABLE_PROFILE_FIELDS)[number], unknown>> = {
      ...body,
      firstName: body.firstName !== undefined ? body.firstName : names.firstName,
      lastName: body.lastName !== undefined ? body.lastName : names.lastName,
    };
    const changes: Record<string, unknown> = {};
    for (const field of EDITABLE_PROFILE_FIELDS) {
      const value = wanted[field];
      if (value !== undefined && !same(value, current[field])) changes[field] = value;
    }
    const result = await users.updateProfile(auth.userId, changes as UserProfileChanges, commandMetadata(res));
    await answerCommand(res, {
      position: result.position,
      waitFor: (position) => readBack.waitFor(position, ['user_profiles']),
      read: () => readBack.findUserProfile(auth.userId),
      accepted: { id: auth.userId, location: '/api/auth/user' },
    });
  });

  return router;
}
