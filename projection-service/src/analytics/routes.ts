import { Router } from 'express';
import type { Knex } from 'knex';
import { ANALYTICS_UPGRADE_MESSAGE } from '@cc/contracts';
import { requireTierFeature } from '@cc/platform';
import { analyticsReport } from './queries';

/** `GET /api/analytics`: the signed-in veteran's analytics, on the plans with `hasAdvancedAnalytics`. */
export function analyticsReadRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get('/api/analytics', async (_req, res) => {
    const auth = requireTierFeature(res, 'hasAdvancedAnalytics', ANALYTICS_UPGRADE_MESSAGE);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await analyticsReport(knex, auth.userId, now()));
  });
  return router;
}
