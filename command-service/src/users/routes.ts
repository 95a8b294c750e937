import { Router } from 'express';
import { changeTierBody } from '@cc/contracts';
import { commandMetadata, contextOf, parseOrProblem, problems, requirePermission, isUuid } from '@cc/platform';
import type { UserCommands } from './commands';

export function userRoutes(users: UserCommands): Router {
  const router = Router();

  /** Administrators change a member's tier; recorded as UserTierChanged with the administrator as actor. */
  router.put('/api/users/:userId/tier', async (req, res) => {
    requirePermission(res, 'users:change-tier');
    const userId = String(req.params.userId);
    if (!isUuid(userId)) throw problems.notFound('User not found.');
    const { tierName } = parseOrProblem(changeTierBody, req.body);
    const result = await users.changeTier(userId, tierName, 'administrator', commandMetadata(res));
    await contextOf(res).recordWrite(result.position);
    res.json({ userId, memberTier: result.state.tier });
  });

  return router;
}
