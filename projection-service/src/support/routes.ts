import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { streams, tierAllows, type EventLogDetail, type ProjectionStatus, type RebuildStatus } from '@cc/contracts';
import {
  commandMetadata,
  contextOf,
  formatPosition,
  hasRetryServer,
  HttpProblem,
  isUuid,
  pageRows,
  parseListQuery,
  problems,
  requirePermission,
  retryThroughServer,
  sendList,
  START,
  type EventStore,
  type GlobalPosition,
  type PersonalDataVault,
  type RecordedEvent,
  type SortValues,
} from '@cc/platform';
import { recordStaffRead, type StaffAccessRecorder } from '../staff/access';
import { checkpointName, type ProjectionRunner } from '../runner/projectionRunner';
import { UnknownProjectionError, type ProjectionRebuilder } from '../runner/rebuild';
import { DEAD_LETTER_SORT_COLUMNS, findDeadLetter, isDeadLetterId, listDeadLetters, toDeadLetter } from './deadLetters';
import { EVENT_LOG_SORT_COLUMNS, findEvent, listEvents, toEventLogEntry } from './eventLog';
import { scanEvents, scanForEvent } from './eventLogScan';
import { openSealed, ownerOfEventData, redactSealed } from './redact';

/** Support actions recorded as events, the staff member (or an operator) as actor (the command service appends them). */
export interface SupportRecorder {
  rebuildRequested(rebuild: RebuildStatus, metadata: SupportMetadata): Promise<GlobalPosition>;
  rebuildFinished(rebuild: RebuildStatus): Promise<GlobalPosition>;
  deadLetterRetried(
    letter: { deadLetterId: string; subscription: string; eventId: string; eventType: string; outcome: 'handled' | 'failed' },
    metadata: SupportMetadata,
  ): Promise<GlobalPosition>;
  deadLetterDismissed(
    letter: { deadLetterId: string; subscription: string; eventId: string; eventType: string },
    metadata: SupportMetadata,
  ): Promise<GlobalPosition>;
}

export interface SupportMetadata {
  userId: string | null;
  operator?: string;
  correlationId?: string;
}

/** Runs a parked event through its subscriber's handler again; `settle` removes the dead letter (in the handler's transaction when it has one). */
export type DeadLetterHandler = (event: RecordedEvent, settle: (trx?: Knex.Transaction) => Promise<void>) => Promise<void>;

export interface SupportRoutesDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  runner: ProjectionRunner;
  rebuilder: ProjectionRebuilder;
  deadLetterHandler: (subscription: string) => DeadLetterHandler | undefined;
  support: SupportRecorder;
  access: StaffAccessRecorder;
  /** How long a retry handed to a worker in another process is waited for before answering 202 (the split). */
  remoteRetryWaitMs?: number;
}

const query = (req: Request) => req.query as Record<string, unknown>;
const LAG_CAP = 100_000;

const PROJECTION_SORT_VALUES: SortValues<ProjectionStatus> = {
  id: (p) => p.id,
  name: (p) => p.name,
  version: (p) => p.version,
  tables: (p) => p.tables.join(','),
  position: (p) =>
    p.position
      .split('.')
      .map((part) => part.padStart(20, '0'))
      .join('.'),
  headPosition: (p) =>
    p.headPosition
      .split('.')
      .map((part) => part.padStart(20, '0'))
      .join('.'),
  lag: (p) => p.lag,
  live: (p) => p.live,
  state: (p) => p.state,
  lastError: (p) => p.lastError,
  lastErrorAt: (p) => p.lastErrorAt,
  deadLetters: (p) => p.deadLetters,
  rebuild: (p) => p.rebuild?.startedAt ?? null,
};

const REBUILD_NOT_FOUND = 'Rebuild not found.';

/** Projections, rebuild and replay, dead letters and the event log (support staff and administrators). */
export function supportRoutes(deps: SupportRoutesDeps): Router {
  const { knex, store, vault, runner, rebuilder, support } = deps;
  const router = Router();

  const metadataOf = (res: Response): SupportMetadata => {
    const { userId, correlationId } = commandMetadata(res);
    return { userId, correlationId };
  };

  async function projectionStatuses(): Promise<ProjectionStatus[]> {
    const projectors = runner.projectors;
    const head = await store.headPosition();
    const names = projectors.map(checkpointName);
    const checkpoints = await knex('subscription_checkpoints')
      .whereIn('name', names)
      .select('name', knex.raw('tx_id::text as tx'), knex.raw('seq::text as seq'));
    const letters = await knex('subscription_dead_letters')
      .whereIn('subscription', names)
      .groupBy('subscription')
      .select(
        'subscription',
        knex.raw('count(*)::int as count'),
        knex.raw('(array_agg(error order by parked_at desc))[1] as error'),
        knex.raw('max(parked_at) as at'),
      );
    const rebuilds = await rebuilder.latest();
    return Promise.all(
      projectors.map(async (projector): Promise<ProjectionStatus> => {
        const name = checkpointName(projector);
        const row = checkpoints.find((c) => c.name === name);
        const runtime = runner.runtime(projector.name);
        // An inline read model has no checkpoint: every committed append is in it.
        const position: GlobalPosition = runtime.inline ? head : row ? { txId: BigInt(row.tx), seq: BigInt(row.seq) } : START;
        const lag = runtime.inline ? 0 : await store.countEvents({ after: position, cap: LAG_CAP });
        const dead = letters.find((l) => l.subscription === name);
        const rebuild = rebuilds.get(projector.name) ?? null;
        const live = runtime.running && runtime.live && !runtime.degraded;
        const lastError = runtime.lastError ?? (dead ? { message: dead.error as string, at: dead.at as Date } : undefined);
        return {
          id: projector.name,
          name: projector.name,
          version: projector.version,
          tables: [...projector.tables],
          position: formatPosition(position),
          headPosition: formatPosition(head),
          lag,
          live,
          state:
            rebuild?.state === 'running'
              ? 'rebuilding'
              : !runtime.running
                ? 'stopped'
                : runtime.degraded
                  ? 'degraded'
                  : runtime.live
                    ? 'live'
                    : 'catching-up',
          lastError: lastError?.message ?? null,
          lastErrorAt: lastError?.at.toISOString() ?? null,
          deadLetters: dead?.count ?? 0,
          rebuild,
        };
      }),
    );
  }

  router.get('/api/staff/projections', async (req, res) => {
    requirePermission(res, 'projections:replay');
    const list = parseListQuery(query(req), {
      sortColumns: PROJECTION_SORT_VALUES,
      defaultSort: { field: 'name', order: 'ASC' },
      filter: z
        .object({
          q: z.string().trim().max(200).optional(),
          state: z.enum(['live', 'catching-up', 'degraded', 'rebuilding', 'stopped']).optional(),
        })
        .strict(),
    });
    const all = (await projectionStatuses()).filter(
      (p) => (!list.filter.q || p.name.includes(list.filter.q)) && (!list.filter.state || p.state === list.filter.state),
    );
    const { rows, total } = pageRows(all, PROJECTION_SORT_VALUES, list);
    res.setHeader('Cache-Control', 'no-store');
    sendList(res, 'projections', rows, total, list.range);
  });

  router.get('/api/staff/projections/:name', async (req, res) => {
    requirePermission(res, 'projections:replay');
    const found = (await projectionStatuses()).find((p) => p.name === String(req.params.name));
    if (!found) throw problems.notFound('There is no read model by that name.');
    res.setHeader('Cache-Control', 'no-store');
    res.json(found);
  });

  /** 202 with the rebuild's id; a read model already being rebuilt answers that rebuild. */
  router.post('/api/staff/projections/:name/rebuild', async (req, res) => {
    requirePermission(res, 'projections:replay');
    const name = String(req.params.name);
    let started: Awaited<ReturnType<ProjectionRebuilder['start']>>;
    try {
      started = await rebuilder.start(name, { requestedBy: commandMetadata(res).userId });
    } catch (error) {
      if (error instanceof UnknownProjectionError) throw problems.notFound('There is no read model by that name.');
      throw error;
    }
    if (started.created) {
      const position = await support.rebuildRequested(started.status, metadataOf(res));
      await contextOf(res).recordWrite(position);
    }
    res.status(202).setHeader('Location', `/api/staff/rebuilds/${started.status.id}`);
    res.json({ rebuildId: started.status.id, created: started.created, ...started.status });
  });

  router.get('/api/staff/rebuilds/:rebuildId', async (req, res) => {
    requirePermission(res, 'projections:replay');
    const id = String(req.params.rebuildId);
    const status = isUuid(id) ? await rebuilder.status(id) : undefined;
    if (!status) throw problems.notFound(REBUILD_NOT_FOUND);
    res.setHeader('Cache-Control', 'no-store');
    res.json(status);
  });

  router.get('/api/staff/dead-letters', async (req, res) => {
    requirePermission(res, 'dead-letters:manage');
    const list = parseListQuery(query(req), {
      sortColumns: DEAD_LETTER_SORT_COLUMNS,
      defaultSort: { field: 'parkedAt', order: 'DESC' },
      filter: z
        .object({
          subscription: z.string().max(200).optional(),
          type: z.string().max(200).optional(),
          q: z.string().trim().max(200).optional(),
        })
        .strict(),
    });
    const { rows, total } = await listDeadLetters(knex, list);
    res.setHeader('Cache-Control', 'no-store');
    sendList(res, 'dead-letters', rows, total, list.range);
  });

  router.get('/api/staff/dead-letters/:id', async (req, res) => {
    requirePermission(res, 'dead-letters:manage');
    const id = String(req.params.id);
    const row = isDeadLetterId(id) ? await findDeadLetter(knex, id) : undefined;
    if (!row) throw problems.notFound('Dead letter not found.');
    res.json(toDeadLetter(row));
  });

  /**
   * Runs the parked event through its subscriber's handler again, on top of the read model as it is
   * now (a rebuild is the way to get the in-order result). Handled: the dead letter goes. Failed
   * again: it stays, with the new error and one more attempt, and the answer is 422.
   */
  router.post('/api/staff/dead-letters/:id/retry', async (req, res) => {
    requirePermission(res, 'dead-letters:manage');
    const id = String(req.params.id);
    const row = isDeadLetterId(id) ? await findDeadLetter(knex, id) : undefined;
    if (!row) throw problems.notFound('Dead letter not found.');
    const handler = deps.deadLetterHandler(row.subscription);
    const letter = { deadLetterId: id, subscription: row.subscription, eventId: row.event_id, eventType: row.type };
    if (!handler) {
      // The split: the worker runs in another process, which redelivers what is marked for it.
      if (!(await hasRetryServer(knex, row.subscription))) {
        throw problems.conflict(
          `No running process handles events for ${row.subscription}, so this event cannot be retried. Dismiss it, or rebuild the read model.`,
        );
      }
      const remote = await retryThroughServer(knex, id, { timeoutMs: deps.remoteRetryWaitMs });
      if (!remote) throw problems.notFound('Dead letter not found.');
      if (remote.outcome === 'requested') {
        res.status(202).json({ id, outcome: 'requested' });
        return;
      }
      const position = await support.deadLetterRetried({ ...letter, outcome: remote.outcome }, metadataOf(res));
      await contextOf(res).recordWrite(position);
      if (remote.outcome === 'failed')
        throw new HttpProblem(422, 'retry-failed', 'The event failed again', remote.error.slice(0, 500), { deadLetter: id });
      res.json({ id, outcome: 'handled' });
      return;
    }
    const event = await store.readStream(row.stream_id).then(
      ({ events }) => events.find((e) => e.id === row.event_id),
      (error: unknown) => {
        throw problems.conflict(`The parked event cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    if (!event) throw problems.conflict('The parked event is no longer readable.');
    let settled = false;
    try {
      await handler(event, async (trx) => {
        const removed = await (trx ?? knex)('subscription_dead_letters').where({ id }).del();
        if (removed === 0) throw problems.conflict('Someone else retried or dismissed this event just now.');
        settled = true;
      });
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      await knex('subscription_dead_letters')
        .where({ id })
        .update({ attempts: knex.raw('attempts + 1'), error: message.slice(0, 2000), parked_at: knex.fn.now() });
      const position = await support.deadLetterRetried({ ...letter, outcome: 'failed' }, metadataOf(res));
      await contextOf(res).recordWrite(position);
      throw new HttpProblem(422, 'retry-failed', 'The event failed again', message.slice(0, 500), { deadLetter: id });
    }
    if (!settled) await knex('subscription_dead_letters').where({ id }).del();
    const position = await support.deadLetterRetried({ ...letter, outcome: 'handled' }, metadataOf(res));
    await contextOf(res).recordWrite(position);
    res.json({ id, outcome: 'handled' });
  });

  router.delete('/api/staff/dead-letters/:id', async (req, res) => {
    requirePermission(res, 'dead-letters:manage');
    const id = String(req.params.id);
    const row = isDeadLetterId(id) ? await findDeadLetter(knex, id) : undefined;
    if (!row) throw problems.notFound('Dead letter not found.');
    const removed = await knex('subscription_dead_letters').where({ id }).del();
    if (removed === 0) throw problems.notFound('Dead letter not found.');
    const position = await support.deadLetterDismissed(
      { deadLetterId: id, subscription: row.subscription, eventId: row.event_id, eventType: row.type },
      metadataOf(res),
    );
    await contextOf(res).recordWrite(position);
    res.status(204).end();
  });

  router.get('/api/staff/events', async (req, res) => {
    requirePermission(res, 'events:read');
    const list = parseListQuery(query(req), {
      sortColumns: EVENT_LOG_SORT_COLUMNS,
      defaultSort: { field: 'position', order: 'DESC' },
      filter: z
        .object({
          streamId: z.string().max(300).optional(),
          streamPrefix: z.string().max(300).optional(),
          type: z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]).optional(),
          userId: z.uuid('userId must be a user id').optional(),
          correlationId: z.string().max(200).optional(),
          recordedAt_gte: z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).optional(),
          recordedAt_lte: z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).optional(),
        })
        .strict(),
    });
    // The events table answers every filter and sort in SQL; any other store is scanned through the port.
    const { rows, total } = store.capabilities.eventsTableInDatabase ? await listEvents(knex, list) : await scanEvents(store, list);
    res.setHeader('Cache-Control', 'no-store');
    sendList(res, 'events', rows, total, list.range);
  });

  /** One event; `?reveal=true` opens its sealed fields (administrators only), recorded in the access log. */
  router.get('/api/staff/events/:id', async (req, res) => {
    const auth = requirePermission(res, 'events:read');
    const { reveal } = z
      .object({ reveal: z.enum(['true', 'false']).optional() })
      .strict()
      .parse(req.query);
    const id = String(req.params.id);
    const row = !isUuid(id)
      ? undefined
      : store.capabilities.eventsTableInDatabase
        ? await findEvent(knex, id)
        : await scanForEvent(store, id);
    if (!row) throw problems.notFound('Event not found.');
    if (reveal !== 'true') {
      const body: EventLogDetail = { ...toEventLogEntry(row, redactSealed(row.data)), revealed: false };
      res.json(body);
      return;
    }
    if (!tierAllows(auth.tier, 'events:reveal')) throw problems.forbidden('Only administrators may open personal data.');
    const ownerId = ownerOfEventData(row.data);
    const claimId = (row.data as { claimId?: unknown }).claimId;
    await recordStaffRead(res, deps.access, auth, {
      endpoint: 'GET /api/staff/events/{id}?reveal',
      ownerId,
      claimId: typeof claimId === 'string' && row.stream_id === streams.claim(claimId) ? claimId : null,
      subjectEventId: id,
    });
    const body: EventLogDetail = { ...toEventLogEntry(row, await openSealed(row.data, vault, ownerId)), revealed: true };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  return router;
}
