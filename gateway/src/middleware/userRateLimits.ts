import { Router } from 'express';
import type { Knex } from 'knex';
import { contextOf } from '@cc/platform';
import { EXPENSIVE_ROUTES, type ExpensiveBucket, type UserRateLimits } from '../limits';
import { clientRateLimit } from './rateLimit';

/**
 * The per-user budgets of the expensive routes (limits.ts), checked after the session is known and
 * before the route runs, so a refused request costs two small queries and changes nothing. Anonymous
 * requests pass through: every one of these routes refuses them anyway.
 */
export function userRateLimits(knex: Knex, limits: UserRateLimits): Router {
  const router = Router();
  for (const bucket of Object.keys(EXPENSIVE_ROUTES) as ExpensiveBucket[]) {
    const { what, routes } = EXPENSIVE_ROUTES[bucket];
    const limit = clientRateLimit({
      knex,
      bucket: `user-${bucket}`,
      perMinute: limits[bucket],
      burst: (limits as Partial<Record<string, number>>)[`${bucket}Burst`],
      // Only reached for a signed-in user (below); Express links each request to its response.
      keyOf: (req) => contextOf(req.res!).auth!.userId,
      message: (seconds) =>
        `You have sent too many ${what} in a short time. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    });
    for (const [method, path] of routes) {
      router[method](path, (req, res, next) => {
        if (!contextOf(res).auth) return next();
        return limit(req, res, next);
      });
    }
  }
  return router;
}
