import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ClaimReadiness } from '@cc/contracts';
import {
  isUuid,
  pageArray,
  parseListQuery,
  problems,
  requireAuth,
  requirePermission,
  sendList,
  type EventStore,
  type PersonalDataVault,
} from '@cc/platform';
import { claimOwner } from '../claims/queries';
import { recordStaffRead, type StaffAccessRecorder } from '../staff/access';
import { claimReadiness, evidenceMapAt, findEvidenceMap, ownsClaim } from './queries';

const atQuery = z.object({
  at: z.coerce
    .number({ message: 'at must be a version number' })
    .int('at must be a version number')
    .min(1, 'at must be a version number')
    .optional(),
});

type EvidenceDeps = { knex: Knex; store: EventStore; vault: PersonalDataVault };

/** The map now, or as it was after version `at`; 404 when the claim has no map or no such version. */
async function mapFor(deps: EvidenceDeps, id: string, at: number | undefined) {
  if (at !== undefined) {
    const found = await evidenceMapAt(deps, id, at);
    if (!found || !('map' in found))
      throw problems.notFound(`This claim's history has ${found?.versions ?? 0} versions; there is no version ${at}.`);
    return { ...found.map, version: at, versions: found.versions };
  }
  const map = await findEvidenceMap(deps.knex, id);
  if (!map) throw problems.notFound('Claim not found.');
  return map;
}

const READINESS_SORT: Record<keyof ClaimReadiness, true> = {
  id: true,
  claimNumber: true,
  condition: true,
  stage: true,
  readiness: true,
  readinessReason: true,
  updatedAt: true,
};

/** `GET /api/claims/{id}/evidence` (`?at=<version>` for the map as it was) and `GET /api/evidence/readiness` (the dashboard card). */
export function evidenceReadRoutes(deps: EvidenceDeps): Router {
  const router = Router();
  router.get('/api/claims/:id/evidence', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    // Another user's claim is answered exactly like a claim that does not exist.
    if (!(await ownsClaim(deps.knex, auth.userId, id))) throw problems.notFound('Claim not found.');
    const { at } = atQuery.parse(req.query);
    const map = await mapFor(deps, id, at);
    res.setHeader('Cache-Control', 'no-store');
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

/**
 * `GET /api/staff/claims/{id}/evidence` (`?at=<version>`): the owner's map, read-only, for the
 * staff console (adjudicators and administrators, like the other staff claim reads), recorded in
 * the access log before it is answered.
 */
export function evidenceStaffRoutes(deps: EvidenceDeps & { access: StaffAccessRecorder }): Router {
  const router = Router();
  router.get('/api/staff/claims/:id/evidence', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const id = String(req.params.id);
    const ownerId = isUuid(id) ? await claimOwner(deps.knex, id) : undefined;
    if (!ownerId) throw problems.notFound('Claim not found.');
    const { at } = atQuery.strict().parse(req.query);
    const map = await mapFor(deps, id, at);
    await recordStaffRead(res, deps.access, auth, {
      endpoint: at === undefined ? 'GET /api/staff/claims/{id}/evidence' : 'GET /api/staff/claims/{id}/evidence?at',
      claimId: id,
      ownerId,
      version: at ?? null,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json(map);
  });
  return router;
}
