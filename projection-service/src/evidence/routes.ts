import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ClaimReadiness } from '@cc/contracts';
import { pageArray, parseListQuery, problems, requireAuth, sendList, type EventStore, type PersonalDataVault } from '@cc/platform';
import { claimReadiness, evidenceMapAt, findEvidenceMap, ownsClaim } from './queries';

const atQuery = z.object({
  at: z.coerce.number({ message: 'at must be a version number' }).int('at must be a version number').min(1, 'at must be a version number').optional(),
});

const READINESS_SORT: Record<keyof ClaimReadiness, true> = { id: true, claimNumber: true, condition: true, readiness: true, readinessReason: true, updatedAt: true };

/** `GET /api/claims/{id}/evidence` (`?at=<version>` for the map as it was) and `GET /api/evidence/readiness` (the dashboard card). */
export function evidenceReadRoutes(deps: { knex: Knex; store: EventStore; vault: PersonalDataVault }): Router {
  const router = Router();
  router.get('/api/claims/:id/evidence', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    // Another user's claim is answered exactly like a claim that does not exist.
    if (!(await ownsClaim(deps.knex, auth.userId, id))) throw problems.notFound('Claim not found.');
    const { at } = atQuery.parse(req.query);
    res.setHeader('Cache-Control', 'no-store');
    if (at !== undefined) {
      const found = await evidenceMapAt(deps, id, at);
      if (!found || !('map' in found)) throw problems.notFound(`This claim's history has ${found?.versions ?? 0} versions; there is no version ${at}.`);
      res.json({ ...found.map, version: at, versions: found.versions });
      return;
    }
    const map = await findEvidenceMap(deps.knex, id);
    if (!map) throw problems.notFound('Claim not found.');
    res.json(map);
  });
  router.get('/api/evidence/readiness', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: READINESS_SORT,
      defaultSort: { field: 'readiness', order: 'ASC' },
      filter: z.object({ id: z.union([z.string(), z.array(z.string())]).optional() }).strict(),
    });
    const ids = query.filter.id === undefined ? undefined : new Set([query.filter.id].flat());
    const all = (await claimReadiness(deps.knex, auth.userId)).filter((r) => !ids || ids.has(r.id));
    res.setHeader('Cache-Control', 'no-store');
    const { rows, total } = pageArray(all, query, 'id');
    sendList(res, 'readiness', rows, total, query.range);
  });
  return router;
}
