import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CLAIM_STATUSES, PROCESSING_STATUSES, STAFF_ROLES, type StaffClaimAtVersion, type StaffClaimDetail } from '@cc/contracts';
import { isUuid, parseListQuery, problems, requirePermission, sendList, type EventStore, type PersonalDataVault } from '@cc/platform';
import { claimOwner, findClaimDetail } from '../claims/queries';
import { recordStaffRead, type StaffAccessRecorder } from './access';
import { toCsv } from './csv';
import {
  ACCESS_LOG_SORT_COLUMNS,
  actorInfo,
  findOwner,
  findStaffUser,
  listAccessLog,
  listStaffClaims,
  listStaffDocuments,
  listTierHistory,
  STAFF_CLAIM_SORT_COLUMNS,
  STAFF_DOCUMENT_SORT_COLUMNS,
  TIER_HISTORY_SORT_COLUMNS,
} from './queries';
import { claimAtVersion, historyEntries, loadTimeline } from './timeline';

export interface StaffRoutesDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  access: StaffAccessRecorder;
  now: () => Date;
}

const query = (req: Request) => req.query as Record<string, unknown>;
const search = z.string().trim().max(200).optional();
const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).optional();
const CLAIM_NOT_FOUND = 'Claim not found.';

/**
 * The audit half of the staff console (adjudicators and administrators) and the administrators'
 * access log, users and tier history. Every read of someone else's claim is recorded before it is
 * answered (recordStaffRead).
 */
export function staffRoutes(deps: StaffRoutesDeps): Router {
  const { knex, store, vault, access, now } = deps;
  const router = Router();

  /** The claim's owner, or 404 when there is no such claim. */
  const ownerOf = async (id: string) => {
    const owner = isUuid(id) ? await claimOwner(knex, id) : undefined;
    if (!owner) throw problems.notFound(CLAIM_NOT_FOUND);
    return owner;
  };

  const detailFor = async (claimId: string, ownerId: string): Promise<StaffClaimDetail> => {
    const [detail, owner] = await Promise.all([findClaimDetail(knex, ownerId, claimId, now()), findOwner(knex, ownerId)]);
    if (!detail) throw problems.notFound(CLAIM_NOT_FOUND);
    return { ...detail, owner: owner ?? { id: ownerId, name: 'Unknown user', email: '' } };
  };

  router.get('/api/staff/claims', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const list = parseListQuery(query(req), {
      sortColumns: STAFF_CLAIM_SORT_COLUMNS,
      defaultSort: { field: 'filedAt', order: 'DESC' },
      filter: z
        .object({ q: search, status: z.enum(CLAIM_STATUSES).optional(), userId: z.uuid('userId must be a user id').optional() })
        .strict(),
    });
    const { rows, total } = await listStaffClaims(knex, list, now());
    await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/claims', rows: rows.length });
    sendList(res, 'claims', rows, total, list.range);
  });

  router.get('/api/staff/claims/:id/history.csv', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const id = String(req.params.id);
    const ownerId = await ownerOf(id);
    const timeline = await loadTimeline(store, vault, id);
    if (!timeline) throw problems.notFound(CLAIM_NOT_FOUND);
    const entries = historyEntries(
      timeline,
      await actorInfo(knex, timeline.items.flatMap((i) => (i.event.metadata.userId ? [i.event.metadata.userId] : [])).concat(ownerId)),
    );
    await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/claims/{id}/history.csv', claimId: id, ownerId });
    const claimNumber = (await knex('claims').where({ claim_id: id }).first('claim_number'))?.claim_number ?? id;
    const csv = toCsv([
      [
        'version',
        'occurredAt',
        'type',
        'actorName',
        'actorRole',
        'actorId',
        'summary',
        'changes',
        'eventId',
        'streamId',
        'streamVersion',
        'position',
      ],
      ...entries.map((e) => [
        e.version,
        e.occurredAt,
        e.type,
        e.actor.name,
        e.actor.role,
        e.actor.id,
        e.summary,
        e.changes.map((c) => `${c.field}: ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; '),
        e.eventId,
        e.streamId,
        e.streamVersion,
        e.position,
      ]),
    ]);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="claim-${String(claimNumber).replace(/[^A-Za-z0-9-]/g, '_')}-history.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  router.get('/api/staff/claims/:id/history', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const id = String(req.params.id);
    const ownerId = await ownerOf(id);
    const { at } = z
      .object({
        at: z.coerce
          .number({ message: 'at must be a version number' })
          .int('at must be a version number')
          .min(1, 'at must be a version number')
          .optional(),
      })
      .strict()
      .parse(req.query);
    const timeline = await loadTimeline(store, vault, id);
    if (!timeline) throw problems.notFound(CLAIM_NOT_FOUND);
    if (at !== undefined) {
      const state = claimAtVersion(timeline, at);
      if (!state) throw problems.notFound(`This claim's history has ${timeline.items.length} versions; there is no version ${at}.`);
      const owner = (await findOwner(knex, ownerId)) ?? { id: ownerId, name: 'Unknown user', email: '' };
      await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/claims/{id}/history?at', claimId: id, ownerId, version: at });
      const body: StaffClaimAtVersion = { ...state.detail, owner, version: at, asOf: state.asOf };
      res.setHeader('Cache-Control', 'no-store');
      res.json(body);
      return;
    }
    const actorIds = timeline.items.flatMap((i) => (i.event.metadata.userId ? [i.event.metadata.userId] : []));
    const entries = historyEntries(timeline, await actorInfo(knex, [...actorIds, ownerId]));
    await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/claims/{id}/history', claimId: id, ownerId });
    res.setHeader('Cache-Control', 'no-store');
    res.json(entries);
  });

  router.get('/api/staff/claims/:id', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const id = String(req.params.id);
    const ownerId = await ownerOf(id);
    const detail = await detailFor(id, ownerId);
    await recordStaffRead(res, access, auth, { endpoint: 'GET /api/staff/claims/{id}', claimId: id, ownerId });
    res.setHeader('Cache-Control', 'no-store');
    res.json(detail);
  });

  /** Every user's documents (listing only, never the file or its analysis); `filter.claimId` is one claim's documents list. */
  router.get('/api/staff/documents', async (req, res) => {
    const auth = requirePermission(res, 'claims:audit');
    const list = parseListQuery(query(req), {
      sortColumns: STAFF_DOCUMENT_SORT_COLUMNS,
      defaultSort: { field: 'uploadedAt', order: 'DESC' },
      filter: z
        .object({
          q: search,
          claimId: z.uuid('claimId must be a claim id').optional(),
          userId: z.uuid('userId must be a user id').optional(),
          processingStatus: z.enum(PROCESSING_STATUSES).optional(),
        })
        .strict(),
    });
    const ownerId = list.filter.claimId ? await claimOwner(knex, list.filter.claimId) : undefined;
    const { rows, total } = await listStaffDocuments(knex, list);
    await recordStaffRead(res, access, auth, {
      endpoint: 'GET /api/staff/documents',
      claimId: ownerId ? list.filter.claimId : null,
      ownerId: ownerId ?? null,
      rows: rows.length,
    });
    sendList(res, 'documents', rows, total, list.range);
  });

  router.get('/api/staff/access-log', async (req, res) => {
    requirePermission(res, 'access-log:read');
    const list = parseListQuery(query(req), {
      sortColumns: ACCESS_LOG_SORT_COLUMNS,
      defaultSort: { field: 'at', order: 'DESC' },
      filter: z
        .object({
          q: search,
          staffId: z.uuid('staffId must be a user id').optional(),
          claimId: z.uuid('claimId must be a claim id').optional(),
          ownerId: z.uuid('ownerId must be a user id').optional(),
          staffRole: z.enum(STAFF_ROLES).optional(),
          at_gte: isoTime,
          at_lte: isoTime,
        })
        .strict(),
    });
    const { rows, total } = await listAccessLog(knex, list);
    sendList(res, 'access-log', rows, total, list.range);
  });

  router.get('/api/staff/users/:id', async (req, res) => {
    requirePermission(res, 'users:list');
    const id = String(req.params.id);
    const user = isUuid(id) ? await findStaffUser(knex, id) : undefined;
    if (!user) throw problems.notFound('User not found.');
    res.json(user);
  });

  router.get('/api/staff/tier-history', async (req, res) => {
    requirePermission(res, 'users:tier-history');
    const list = parseListQuery(query(req), {
      sortColumns: TIER_HISTORY_SORT_COLUMNS,
      defaultSort: { field: 'at', order: 'DESC' },
      filter: z.object({ userId: z.uuid('userId must be a user id').optional() }).strict(),
    });
    const { rows, total } = await listTierHistory(knex, list);
    sendList(res, 'tier-history', rows, total, list.range);
  });

  return router;
}
