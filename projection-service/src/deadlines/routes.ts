import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { DEADLINE_KINDS } from '@cc/contracts';
import { pageArray, parseListQuery, requireAuth, sendList } from '@cc/platform';
import { UPCOMING_DEADLINE_SORT_COLUMNS, upcomingDeadlines } from './queries';

/** `GET /api/deadlines`: the dashboard's "Upcoming deadlines", soonest first by default (the list contract). */
export function deadlineReadRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get('/api/deadlines', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: UPCOMING_DEADLINE_SORT_COLUMNS,
      defaultSort: { field: 'dueDate', order: 'ASC' },
      filter: z.object({ kind: z.enum(DEADLINE_KINDS).optional(), claimId: z.uuid().optional() }).strict(),
    });
    const all = (await upcomingDeadlines(knex, auth.userId, now())).filter(
      (d) => (!query.filter.kind || d.kind === query.filter.kind) && (!query.filter.claimId || d.claimId === query.filter.claimId),
    );
    res.setHeader('Cache-Control', 'no-store');
    const { rows, total } = pageArray(all, query, 'id');
    sendList(res, 'deadlines', rows, total, query.range);
  });
  return router;
}
