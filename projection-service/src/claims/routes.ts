import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CLAIM_STATUSES, ROLE_LABELS, tierAllows, type ClaimHistoryEntry, type User } from '@cc/contracts';
import { parseListQuery, problems, requireAuth, sendList, isUuid } from '@cc/platform';
import { CLAIM_SORT_COLUMNS, claimHistory, claimOwner, dashboard, findClaimDetail, listClaims } from './queries';
import { recordStaffRead, type StaffAccessRecorder } from '../staff/access';
import { staffViewsOfClaim } from '../staff/queries';

/**
 * What the owner sees of staff reading their claim: one entry per role and day, the role and the
 * date, never who: the veteran learns that their claim was read, not by whom.
 */
async function staffViewEntries(knex: Knex, claimId: string): Promise<ClaimHistoryEntry[]> {
  const views = await staffViewsOfClaim(knex, claimId);
  return views.map((view) => ({
    id: `staff-viewed:${view.role}:${view.day}`,
    type: 'StaffViewed',
    title: 'Viewed by staff',
    description: `${ROLE_LABELS[view.role]}, ${view.count === 1 ? 'once' : `${view.count} times`} that day`,
    changes: [],
    actor: { id: null, name: `Staff (${ROLE_LABELS[view.role]})` },
    at: view.firstAt.toISOString(),
  }));
}

export function claimReadRoutes(knex: Knex, now: () => Date = () => new Date(), access?: StaffAccessRecorder): Router {
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
    const [entries, views] = await Promise.all([claimHistory(knex, id), staffViewEntries(knex, id)]);
    if (access) await recordStaffRead(res, access, auth, { endpoint: 'GET /api/claims/{id}/history', claimId: id, ownerId: owner });
    // In time order; the claim's own entries keep their recorded order among themselves.
    const merged = [...entries];
    for (const view of views) {
      const index = merged.findIndex((entry) => entry.at > view.at);
      merged.splice(index < 0 ? merged.length : index, 0, view);
    }
    res.json(merged);
  });

  router.get('/api/dashboard', async (_req, res) => {
    const auth = requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    // The gateway read the user's profile with the session, in this request (absent behind a forwarded context).
    const user = res.locals.user as User | undefined;
    res.json(await dashboard(knex, auth.userId, now(), user?.id === auth.userId ? user : undefined));
  });

  return router;
}
