import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { MEMBER_TIER_NAMES, SUPPORT_MESSAGES, SUPPORT_REQUEST_STATUSES } from '@cc/contracts';
import { isUuid, parseListQuery, problems, requireAuth, requirePermission, sendList } from '@cc/platform';
import { recordStaffRead, type StaffAccessRecorder } from '../staff/access';
import {
  findStaffSupportRequest,
  findSupportRequest,
  listStaffSupportRequests,
  listSupportRequests,
  STAFF_SUPPORT_REQUEST_SORT_COLUMNS,
  SUPPORT_REQUEST_SORT_COLUMNS,
} from './queries';

const query = (req: Request) => req.query as Record<string, unknown>;
const status = z.enum(SUPPORT_REQUEST_STATUSES, { message: `status must be one of ${SUPPORT_REQUEST_STATUSES.join(', ')}` }).optional();

/** The veteran's support requests (/help). */
export function supportRequestReadRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/api/support-requests', async (req, res) => {
    const auth = requireAuth(res);
    const list = parseListQuery(query(req), {
      sortColumns: SUPPORT_REQUEST_SORT_COLUMNS,
      defaultSort: { field: 'updatedAt', order: 'DESC' },
      filter: z.object({ status }).strict(),
    });
    const { rows, total } = await listSupportRequests(knex, auth.userId, list);
    res.setHeader('Cache-Control', 'no-store');
    sendList(res, 'support-requests', rows, total, list.range);
  });

  router.get('/api/support-requests/:id', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const detail = isUuid(id) ? await findSupportRequest(knex, auth.userId, id) : undefined;
    if (!detail) throw problems.notFound(SUPPORT_MESSAGES.requestNotFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json(detail);
  });

  return router;
}

/**
 * The support queue (support staff and administrators), in the ra-data-simple-rest list contract;
 * its default order is the queue's priority. Opening one request is recorded in the access log:
 * it shows the veteran's claim.
 */
export function supportQueueRoutes(knex: Knex, access: StaffAccessRecorder): Router {
  const router = Router();

  router.get('/api/staff/support-requests', async (req, res) => {
    const auth = requirePermission(res, 'support-requests:work');
    const list = parseListQuery(query(req), {
      sortColumns: STAFF_SUPPORT_REQUEST_SORT_COLUMNS,
      defaultSort: { field: 'priority', order: 'ASC' },
      filter: z
        .object({
          status,
          tier: z.enum(MEMBER_TIER_NAMES, { message: `tier must be one of ${MEMBER_TIER_NAMES.join(', ')}` }).optional(),
          q: z.string().trim().max(200).optional(),
        })
        .strict(),
    });
    const { rows, total } = await listStaffSupportRequests(knex, list);
    await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/support-requests', rows: rows.length });
    res.setHeader('Cache-Control', 'no-store');
    sendList(res, 'support-requests', rows, total, list.range);
  });

  router.get('/api/staff/support-requests/:id', async (req, res) => {
    const auth = requirePermission(res, 'support-requests:work');
    const id = String(req.params.id);
    const detail = isUuid(id) ? await findStaffSupportRequest(knex, id) : undefined;
    if (!detail) throw problems.notFound(SUPPORT_MESSAGES.requestNotFound);
    await recordStaffRead(res, access, auth, {
      endpoint: 'GET /api/staff/support-requests/{id}',
      claimId: detail.claim?.id ?? null,
      ownerId: detail.requesterId,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json(detail);
  });

  return router;
}
