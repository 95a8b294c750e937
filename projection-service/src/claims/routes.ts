import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CLAIM_STATUSES, tierAllows } from '@cc/contracts';
import { parseListQuery, problems, requireAuth, sendList, isUuid } from '@cc/platform';
import { CLAIM_SORT_COLUMNS, claimHistory, claimOwner, dashboard, findClaimDetail, listClaims } from './queries';

export function claimReadRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();

  router.get('/api/claims', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: CLAIM_SORT_COLUMNS,
      defaultSort: { field: 'filedAt', order: 'DESC' },
      filter: z.object({ status: z.enum(CLAIM_STATUSES).optional(), q: z.string().trim().max(200).optional() }).strict(),
    });
    const { rows, total } = await listClaims(knex, auth.userId, query, now());
    sendList(res, 'claims', rows, total, query.range);
  });

  router.get('/api/claims/:id', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const detail = isUuid(id) ? await findClaimDetail(knex, auth.userId, id, now()) : undefined;
    if (!detail) throw problems.notFound('Claim not found.');
    res.json(detail);
  });

  /** The owner reads their claim's history; administrators and adjudicators read every claim's. */
  router.get('/api/claims/:id/history', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const owner = isUuid(id) ? await claimOwner(knex, id) : undefined;
    if (!owner || (owner !== auth.userId && !tierAllows(auth.tier, 'claims:read-any-history'))) {
      throw problems.notFound('Claim not found.');
    }
    res.json(await claimHistory(knex, id));
  });

  router.get('/api/dashboard', async (_req, res) => {
    const auth = requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await dashboard(knex, auth.userId, now()));
  });

  return router;
}
