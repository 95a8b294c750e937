import type { Response } from 'express';
import { memberTier, plansUnlocking, type MemberTierFlags } from '@cc/contracts';
import { requireAuth, type AuthContext } from './context';
import { HttpProblem } from './problem';

/**
 * A feature a member tier may lack (spec doc 2 §6 tier flags), held on the server: the signed-in
 * user's tier must carry the flag, or the answer is 403 "Upgrade Required" with `message`,
 * `upgrade: true` and `plans` (the sold plans that unlock it), which the screens turn into an
 * upgrade prompt.
 */
export function requireTierFeature(res: Response, flag: keyof MemberTierFlags, message: string): AuthContext {
  const auth = requireAuth(res);
  if (!memberTier(auth.tier)[flag]) {
    throw new HttpProblem(403, 'upgrade-required', 'Upgrade Required', message, {
      upgrade: true,
      feature: flag,
      plans: plansUnlocking(flag),
    });
  }
  return auth;
}
