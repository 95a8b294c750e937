import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { MEMBER_TIER_NAMES } from '@cc/contracts';
import { parseListQuery, requirePermission, sendList } from '@cc/platform';
import { listUsersWithTier, USER_SORT_COLUMNS } from './queries';

export function userProfileRoutes(knex: Knex): Router {
  const router = Router();

  /** Staff list of users with their tier (administrators and adjudicators; the spec's page shows the first 10 of them). */
  router.get('/api/users/with-tier', async (req, res) => {
    requirePermission(res, 'users:list');
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: USER_SORT_COLUMNS,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filter: z.object({ q: z.string().trim().max(200).optional(), memberTier: z.enum(MEMBER_TIER_NAMES).optional() }).strict(),
    });
    const { rows, total } = await listUsersWithTier(knex, query);
    sendList(res, 'users', rows, total, query.range);
  });

  return router;
}
