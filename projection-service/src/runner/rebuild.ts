import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { RebuildState, RebuildStatus } from '@cc/contracts';
import {
  START,
  comparePositions,
  isTransientFault,
  sharingOpens,
  type EventStore,
  type GlobalPosition,
  type Logger,
  type Migration,
  type RecordedEvent,
  type Subscription,
} from '@cc/platform';
import { projectCommitted } from './inlineProjections';
import { BuildCaughtUp } from './buildCaughtUp';
import { RebuildGroup as Group, type GroupMember } from './rebuildGroup';
import { lockProjection } from './projectionLock';
import { indexesForLookups } from './lookupIndexes';
import { isSetBased, projectEvents, type BeforeRead, type ReadModelProjector } from './projectEvents';
import { checkpointName } from './projectionRunner';

/**
 * Rebuilding a read model without downtime (docs/decisions/read-side.md). Every projector gets it; none has
 * code of its own for it.
 *
 * 1. Prepare: a scratch schema gets the read models' migrations replayed into it (so its tables are
 *    exactly what the migrations make: columns, indexes, constraints), and every table but the
 *    projector's own is dropped from it.
 *    Their secondary indexes (neither a key nor unique) are dropped; their definitions are kept on
 *    the rebuild's row.
 * 2. Build: a catch-up subscription of its own (`rebuild:<id>`) projects the log from position 0
 *    into the scratch tables, with the scratch schema as the only one on the search path, so a
 *    table the projector does not declare fails the rebuild instead of touching a live table. A
 *    set-based projector reads large pages and loads what it folds with `COPY`. The checkpoint,
 *    the scratch tables and the progress count move in one transaction, so a restart resumes
 *    exactly where it was. Once it has caught up, the secondary indexes are made, in one go.
 * 3. Swap, in one transaction, once the build has caught up: take the projection's lock (the live
 *    projector's batches take it too), bring the build to the live checkpoint (or the live
 *    checkpoint to the build's), move the live tables out and the new ones in, hand the build's
 *    dead letters over. Until that commits every GET reads the old tables; after it, the new ones.
 *    Writes made meanwhile are in the log, and the live projector carries on from the checkpoint.
 *
 * Ownership is a heartbeat on the rebuild's row: a rebuild whose process died (or stopped) is taken
 * over by the next process that looks (the app's supervisor, or the command line), which resumes it
 * when the scratch tables are still right for the code, or starts it over when they are not.
 */

export interface RebuildRequest {
  /** The staff member who asked, or null for an operator at the command line. */
  requestedBy: string | null;
  operator?: string | null;
}

export interface ProjectionRebuilderOptions {
  knex: Knex;
  store: EventStore;
  projectors: readonly ReadModelProjector[];
  /** Every read model's migrations, in order: replayed into each rebuild's scratch schema. */
  readModelMigrations: readonly Migration[];
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How often a running rebuild says it is alive (default 2 s). */
  heartbeatMs?: number;
  /** A running rebuild silent for this long is taken over (default 15 s). */
  staleAfterMs?: number;
  /** Swap attempts before giving up (default 20). */
  maxSwapAttempts?: number;
  /** How long the swap waits for a table or the projection's lock (default 5 s). */
  lockTimeoutMs?: number;
  /** Told when a rebuild ends, swapped or failed (the gateway records it as an event). */
  onFinished?: (status: RebuildStatus) => Promise<void>;
  /** Tests: runs after the build has caught up and before the swap transaction starts. */
  beforeSwap?: (status: { id: string; projection: string; attempt: number }) => Promise<void>;
  /** Tests: runs inside the swap transaction, just before it commits. */
  beforeSwapCommit?: (trx: Knex.Transaction, status: { id: string; projection: string }) => Promise<void>;
}

export class UnknownProjectionError extends Error {
  constructor(readonly projection: string) {
    super(`There is no read model named ${projection}.`);
    this.name = 'UnknownProjectionError';
  }
}

/** A rebuild that cannot finish; its old tables stay in use. */
class RebuildFailure extends Error {}
/** The swap could not be made now (busy tables, an event that failed again): try again later. */
class SwapNotNow extends Error {}
/** Another process took the rebuild over, or this one is stopping. */
class Abandoned extends Error {}

interface RebuildRow {
  rebuild_id: string;
  projection: string;
  projection_version: number;
  schema_name: string;
  fingerprint: string;
  prepared: boolean;
  state: RebuildState;
  processed: string | number;
  total: string | number;
  error: string | null;
  requested_by: string | null;
  operator: string | null;
  owner: string | null;
  started_at: Date;
  finished_at: Date | null;
  /** `create index` statements of the scratch tables' secondary indexes, until they are made. */
  deferred_indexes: string[] | null;
}

/**
 * The total is progress only and is raised as events are projected, so counting stops somewhere:
 * on EventStoreDB counting is a read of the whole log.
 */
const TOTAL_CAP = 50_000_000;
/** Events per batch of a set-based projector's rebuild (the store's largest page). */
const SET_BASED_REBUILD_PAGE = 10_000;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const quote = (identifier: string) => {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
};

export const rebuildSubscriptionName = (rebuildId: string) => `rebuild:${rebuildId}`;

export function toRebuildStatus(row: RebuildRow): RebuildStatus {
  return {
    id: row.rebuild_id,
    projection: row.projection,
    projectionVersion: row.projection_version,
    state: row.state,
    processed: Number(row.processed),
    total: Number(row.total),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
    requestedBy: row.requested_by,
    operator: row.operator,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

interface Run {
  done: Promise<void>;
  /** Set when the run must end without deciding anything (lost ownership, stopping). */
  abandoned: boolean;
}

type Member = GroupMember<RebuildRow>;
type RebuildGroup = Group<RebuildRow, Run>;

export class ProjectionRebuilder {
  /** Which process runs a rebuild: host, pid and a random part, so two rebuilders never share it. */
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly runs = new Map<string, Run>();
  private supervisor: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly heartbeatMs: number;
  private readonly staleAfterMs: number;

  constructor(private readonly options: ProjectionRebuilderOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 2000;
    this.staleAfterMs = options.staleAfterMs ?? 15_000;
    for (const projector of options.projectors) {
      quote(projector.name.replace(/[^a-z0-9_]/g, '_'));
      for (const table of projector.tables) quote(table);
    }
  }

  projector(name: string): ReadModelProjector | undefined {
    return this.options.projectors.find((p) => p.name === name);
  }

  /**
   * Starts rebuilding a read model, or answers the rebuild of it already running (one at a time per
   * read model). The work goes on in the background; `whenDone` or `status` follow it.
   */
  async start(name: string, request: RebuildRequest): Promise<{ status: RebuildStatus; created: boolean }> {
    const projector = this.projector(name);
    if (!projector) throw new UnknownProjectionError(name);
    const { status, created } = await this.insert(projector, request);
    if (created) this.launchGroup([created]);
    return { status, created: Boolean(created) };
  }

  /**
   * Starts rebuilding several read models together (`npm run replay -- all`): one preparation of
   * their scratch tables, one count, one read of the log for them all. A read model already being
   * rebuilt is answered as it is, not started again.
   */
  async startMany(names: readonly string[], request: RebuildRequest): Promise<{ status: RebuildStatus; created: boolean }[]> {
    const projectors = names.map((name) => this.projector(name) ?? (undefined as never));
    const unknown = names.find((_, i) => !projectors[i]);
    if (unknown !== undefined) throw new UnknownProjectionError(unknown);
    const results = [];
    const members: Member[] = [];
    for (const projector of projectors) {
      const { status, created } = await this.insert(projector, request);
      if (created) members.push(created);
      results.push({ status, created: Boolean(created) });
    }
    this.launchGroup(members);
    return results;
  }

  private async insert(projector: ReadModelProjector, request: RebuildRequest): Promise<{ status: RebuildStatus; created?: Member }> {
    const id = randomUUID();
    const { rows } = (await this.options.knex.raw(
      `insert into projection_rebuilds (rebuild_id, projection, projection_version, schema_name, fingerprint, state, requested_by, operator, owner)
       values (?, ?, ?, ?, ?, 'running', ?, ?, ?)
       on conflict (projection) where state = 'running' do nothing
       returning *`,
      [
        id,
        projector.name,
        projector.version,
        `rebuild_${id.replace(/-/g, '').slice(0, 20)}`,
        this.fingerprint(projector),
        request.requestedBy,
        request.operator ?? null,
        this.owner,
      ],
    )) as { rows: RebuildRow[] };
    const created = rows[0];
    if (!created) {
      const running = await this.options
        .knex<RebuildRow>('projection_rebuilds')
        .where({ projection: projector.name, state: 'running' })
        .first();
      if (running) return { status: toRebuildStatus(running) };
      // It finished between the two statements: ask again.
      return this.insert(projector, request);
    }
    return { status: toRebuildStatus(created), created: { row: created, projector } };
  }

  async status(rebuildId: string): Promise<RebuildStatus | undefined> {
    const row = await this.options.knex<RebuildRow>('projection_rebuilds').where({ rebuild_id: rebuildId }).first();
    return row ? toRebuildStatus(row) : undefined;
  }

  /** The newest rebuild of each read model (running or finished). */
  async latest(): Promise<Map<string, RebuildStatus>> {
    const rows: RebuildRow[] = await this.options.knex.select('*').from(
      this.options
        .knex('projection_rebuilds')
        .distinctOn('projection')
        .orderBy([{ column: 'projection' }, { column: 'started_at', order: 'desc' }])
        .as('latest'),
    );
    return new Map(rows.map((row) => [row.projection, toRebuildStatus(row)]));
  }

  /** Resolves when this process's run of the rebuild has ended (at once when it runs elsewhere). */
  async whenDone(rebuildId: string): Promise<RebuildStatus | undefined> {
    await this.runs.get(rebuildId)?.done;
    return this.status(rebuildId);
  }

  /** Takes over the running rebuilds whose process went silent, and runs them here. */
  async resumeAbandoned(): Promise<string[]> {
    const { knex } = this.options;
    const { rows } = (await knex.raw(
      `update projection_rebuilds set owner = ?, heartbeat_at = now()
       where state = 'running' and heartbeat_at < now() - make_interval(secs => ?)
       returning *`,
      [this.owner, this.staleAfterMs / 1000],
    )) as { rows: RebuildRow[] };
    const resumed: Member[] = [];
    for (const row of rows) {
      if (this.runs.has(row.rebuild_id)) continue;
      const projector = this.projector(row.projection);
      if (!projector) {
        await this.finish(row.rebuild_id, 'failed', `This version has no read model named ${row.projection}.`);
        continue;
      }
      this.options.logger.info({ rebuildId: row.rebuild_id, projection: row.projection }, 'taking over a rebuild whose process stopped');
      resumed.push({ row, projector });
    }
    this.launchGroup(resumed);
    return resumed.map((member) => member.row.rebuild_id);
  }

  /** Looks for abandoned rebuilds now and every `intervalMs` (the app runs this). */
  startSupervisor(intervalMs = 5000): void {
    if (this.supervisor || this.stopping) return;
    const look = () =>
      void this.resumeAbandoned().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'could not look for abandoned rebuilds'),
      );
    look();
    this.supervisor = setInterval(look, intervalMs);
    this.supervisor.unref();
  }

  /**
   * Stops every run of this process and hands them back at once (a stopped process is not silent
   * for long: the next process to look takes them over without waiting for the heartbeat to age).
   */
  async stop(options: { handBack?: boolean } = {}): Promise<void> {
    this.stopping = true;
    clearInterval(this.supervisor);
    this.supervisor = undefined;
    const runs = [...this.runs.values()];
    for (const run of runs) run.abandoned = true;
    await Promise.all(runs.map((run) => run.done));
    if (options.handBack !== false) {
      await this.options
        .knex('projection_rebuilds')
        .where({ owner: this.owner, state: 'running' })
        .update({ owner: null, heartbeat_at: this.options.knex.raw(`'epoch'::timestamptz`) })
        .catch(() => undefined);
    }
  }

  private fingerprint(projector: ReadModelProjector): string {
    const hash = createHash('sha256');
    hash.update(
      JSON.stringify({
        migrations: this.options.readModelMigrations.map((m) => m.name),
        version: projector.version,
        tables: [...projector.tables].sort(),
      }),
    );
    return hash.digest('hex').slice(0, 32);
  }

  /** Runs the rebuilds: one alone, several as a group sharing their preparation and their read of the log. */
  private launchGroup(members: readonly Member[]): void {
    if (members.length === 0) return;
    const group: RebuildGroup | undefined = members.length > 1 ? new Group([...members]) : undefined;
    const runs: Run[] = [];
    for (const { row, projector } of members) {
      const run: Run = { done: Promise.resolve(), abandoned: false };
      group?.runs.set(row.rebuild_id, run);
      run.done = this.run(row, projector, run, group)
        .catch((error: unknown) => this.options.logger.error({ err: error, rebuildId: row.rebuild_id }, 'rebuild crashed'))
        .finally(() => this.runs.delete(row.rebuild_id));
      this.runs.set(row.rebuild_id, run);
      runs.push(run);
    }
    // One heartbeat for all of them, one statement each time: a group's batch holds its members'
    // rows until it commits, and a heartbeat per member waiting on them would hold as many of the
    // pool's connections as there are members.
    const heartbeat = setInterval(() => {
      const ids = members.map((m) => m.row.rebuild_id);
      void this.options
        .knex('projection_rebuilds')
        .whereIn('rebuild_id', ids)
        .where({ owner: this.owner, state: 'running' })
        .update({ heartbeat_at: this.options.knex.fn.now() }, ['rebuild_id'])
        .then(
          (alive: { rebuild_id: string }[]) => {
            const still = new Set(alive.map((r) => r.rebuild_id));
            ids.forEach((id, i) => {
              if (!still.has(id)) runs[i]!.abandoned = true;
            });
          },
          () => undefined,
        );
    }, this.heartbeatMs);
    heartbeat.unref();
    void Promise.all(runs.map((run) => run.done)).finally(() => clearInterval(heartbeat));
  }

  private async run(row: RebuildRow, projector: ReadModelProjector, run: Run, group?: RebuildGroup): Promise<void> {
    const { logger } = this.options;
    const id = row.rebuild_id;
    const log = logger.child({ rebuildId: id, projection: projector.name });
    try {
      log.info('rebuild started');
      if (group) await this.preparedInGroup(group, id);
      else {
        await this.prepare(row, projector);
        await this.countTotals([{ row, projector }]);
      }
      // Carried to the end of the log by its group's read, or (alone, left by its group, or after a
      // postponed swap) by a build of its own from its checkpoint.
      const carried = group ? await this.builtInGroup(group, id) : false;
      if (run.abandoned) throw new Abandoned();
      const finish = () => this.buildAndSwap(row, projector, run, carried);
      await (group ? group.fewAtATime(finish) : finish());
      log.info('rebuild swapped in');
      await this.announce(id);
    } catch (error) {
      if (error instanceof Abandoned || run.abandoned) {
        log.info('rebuild left to another process');
        return;
      }
      log.error({ err: error }, 'rebuild failed; the old tables stay in use');
      await this.finish(id, 'failed', messageOf(error)).catch((finishError: unknown) =>
        log.error({ err: finishError }, 'could not record the failed rebuild'),
      );
      await this.discard(row).catch((discardError: unknown) =>
        log.warn({ err: discardError }, 'could not remove the scratch tables of a failed rebuild'),
      );
      await this.announce(id);
    }
  }

  /**
   * Brings the new tables to the end of the log (unless `built`), makes their indexes and swaps them
   * in, building again from the checkpoint while the swap is postponed.
   */
  private async buildAndSwap(row: RebuildRow, projector: ReadModelProjector, run: Run, built: boolean): Promise<void> {
    const maxSwapAttempts = this.options.maxSwapAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      if (!(built && attempt === 1)) await this.build(row, projector, run);
      await this.makeDeferredIndexes(row);
      await this.analyse(row, projector);
      await this.options.beforeSwap?.({ id: row.rebuild_id, projection: projector.name, attempt });
      try {
        await this.swap(row, projector);
        return;
      } catch (error) {
        if (!(error instanceof SwapNotNow)) throw error;
        if (attempt >= maxSwapAttempts) throw new RebuildFailure(`The new tables could not be swapped in (${error.message}).`);
        this.options.logger.info({ rebuildId: row.rebuild_id, attempt, reason: error.message }, 'rebuild swap postponed');
        await sleep(Math.min(200 * attempt, 2000));
        if (run.abandoned) throw new Abandoned();
      }
    }
  }

  private async announce(rebuildId: string): Promise<void> {
    const status = await this.status(rebuildId);
    if (status && this.options.onFinished) {
      await this.options
        .onFinished(status)
        .catch((error: unknown) => this.options.logger.warn({ err: error, rebuildId }, 'could not record the end of a rebuild'));
    }
  }

  /** The scratch schema with the projector's tables, empty, made now unless the one there still fits the code. */
  private async prepare(row: RebuildRow, projector: ReadModelProjector): Promise<void> {
    if (await this.isPrepared(row, projector)) return;
    const { knex } = this.options;
    const schema = quote(row.schema_name);
    await knex.transaction(async (trx) => {
      await trx.raw(`drop schema if exists ${schema} cascade`);
      await trx.raw(`create schema ${schema}`);
      await this.inSchema(trx, row.schema_name, async () => {
        for (const migration of this.options.readModelMigrations) await migration.up(trx);
      });
      const { rows: tables } = (await trx.raw('select tablename from pg_tables where schemaname = ?', [row.schema_name])) as {
        rows: { tablename: string }[];
      };
      const made = new Set(tables.map((t) => t.tablename));
      const missing = projector.tables.filter((table) => !made.has(table));
      if (missing.length > 0)
        throw new RebuildFailure(`${projector.name} declares ${missing.join(', ')}, which no read-model migration creates.`);
      // Only the projector's own tables stay, so touching any other one fails loudly.
      // One statement for them all: a rebuild's fixed cost is mostly statements like these.
      const others = [...made].filter((table) => !projector.tables.includes(table));
      if (others.length > 0) await trx.raw(`drop table ${others.map((table) => `${schema}.${quote(table)}`).join(', ')} cascade`);
      await this.markPrepared(trx, row, projector);
    });
  }

  /** True when the scratch tables there (a rebuild taken over) are still right for this code. */
  private async isPrepared(row: RebuildRow, projector: ReadModelProjector): Promise<boolean> {
    const { knex } = this.options;
    const { rows } = (await knex.raw('select 1 from pg_namespace where nspname = ?', [row.schema_name])) as { rows: unknown[] };
    const current = await knex<RebuildRow>('projection_rebuilds').where({ rebuild_id: row.rebuild_id }).first();
    if (
      current?.prepared &&
      rows.length > 0 &&
      current.fingerprint === this.fingerprint(projector) &&
      current.projection_version === projector.version
    )
      return true;
    if (current?.prepared)
      this.options.logger.info({ rebuildId: row.rebuild_id }, 'rebuild starts over: its scratch tables do not fit this version');
    return false;
  }

  /** With its scratch tables made: their secondary indexes put off, and the build to start from the beginning. */
  private async markPrepared(trx: Knex.Transaction, row: RebuildRow, projector: ReadModelProjector): Promise<void> {
    const deferred = await this.deferSecondaryIndexes(trx, row.schema_name, projector);
    const name = rebuildSubscriptionName(row.rebuild_id);
    await trx('subscription_checkpoints').where({ name }).del();
    await trx('subscription_dead_letters').where({ subscription: name }).del();
    await trx('projection_rebuilds')
      .where({ rebuild_id: row.rebuild_id })
      .update({
        prepared: true,
        fingerprint: this.fingerprint(projector),
        projection_version: projector.version,
        processed: 0,
        deferred_indexes: JSON.stringify(deferred),
      });
  }

  /** A member waits for its group's preparation; it fails alone when its own tables could not be made. */
  private async preparedInGroup(group: RebuildGroup, rebuildId: string): Promise<void> {
    group.prepared ??= this.prepareGroup(group);
    const failure = (await group.prepared).get(rebuildId);
    if (failure) throw new RebuildFailure(failure);
  }

  /**
   * Every member's scratch tables from one replay of the migrations: into a template schema, from
   * which each member's own tables move to its scratch schema as the migrations made them (a table
   * moves with its indexes, constraints and sequences); the rest go with the template. A member
   * whose tables depend on anything else there (a type, a function, another table) is prepared on
   * its own, as a rebuild alone is. Then one count for them all. Answers why members failed.
   */
  private async prepareGroup(group: RebuildGroup): Promise<Map<string, string>> {
    const { knex } = this.options;
    const failures = new Map<string, string>();
    const unprepared: Member[] = [];
    for (const member of group.members) if (!(await this.isPrepared(member.row, member.projector))) unprepared.push(member);
    const alone: Member[] = [];
    if (unprepared.length > 0) {
      const template = quote(`rebuild_template_${randomBytes(8).toString('hex')}`);
      const templateName = template.slice(1, -1);
      await knex.transaction(async (trx) => {
        await trx.raw(`create schema ${template}`);
        await this.inSchema(trx, templateName, async () => {
          for (const migration of this.options.readModelMigrations) await migration.up(trx);
        });
        const { rows: tables } = (await trx.raw('select tablename from pg_tables where schemaname = ?', [templateName])) as {
          rows: { tablename: string }[];
        };
        const made = new Set(tables.map((t) => t.tablename));
        for (const member of unprepared) {
          const { row, projector } = member;
          const missing = projector.tables.filter((table) => !made.has(table));
          if (missing.length > 0) {
            failures.set(row.rebuild_id, `${projector.name} declares ${missing.join(', ')}, which no read-model migration creates.`);
            continue;
          }
          if ((await this.foreignDependencies(trx, templateName, projector.tables)).length > 0) {
            alone.push(member);
            continue;
          }
          const schema = quote(row.schema_name);
          await trx.raw(`drop schema if exists ${schema} cascade`);
          await trx.raw(`create schema ${schema}`);
          for (const table of projector.tables) await trx.raw(`alter table ${template}.${quote(table)} set schema ${schema}`);
          await this.markPrepared(trx, row, projector);
        }
        await trx.raw(`drop schema ${template} cascade`);
      });
    }
    for (const { row, projector } of alone) {
      try {
        await this.prepare(row, projector);
      } catch (error) {
        if (!(error instanceof RebuildFailure)) throw error;
        failures.set(row.rebuild_id, error.message);
      }
    }
    await this.countTotals(group.members.filter((member) => !failures.has(member.row.rebuild_id)));
    return failures;
  }

  /**
   * Drops the secondary indexes of the scratch tables (neither a primary key nor unique: those the
   * fold reads by and the data must keep), answering their definitions. Made again after the load,
   * each is built once from sorted data instead of kept up to date row by row.
   */
  private async deferSecondaryIndexes(trx: Knex.Transaction, schemaName: string, projector: ReadModelProjector): Promise<string[]> {
    const { rows: path } = (await trx.raw(`select current_setting('search_path') as path`)) as { rows: { path: string }[] };
    // With no schema on the path, every name in a definition comes qualified (the table's, and an
    // extension's operator class too), so it means the same whatever the path when it is run.
    await trx.raw(`select set_config('search_path', '', true)`);
    const { rows } = (await trx.raw(
      `select index.relname as name, pg_get_indexdef(index.oid) as definition
       from pg_index x
       join pg_class index on index.oid = x.indexrelid
       join pg_class tab on tab.oid = x.indrelid
       join pg_namespace ns on ns.oid = tab.relnamespace
       where ns.nspname = ? and tab.relname = any(?::text[])
         and not x.indisunique and not x.indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
       order by index.relname`,
      [schemaName, [...projector.tables]],
    )) as { rows: { name: string; definition: string }[] };
    await trx.raw(`select set_config('search_path', ?, true)`, [path[0]!.path]);
    for (const index of rows) await trx.raw(`drop index ${quote(schemaName)}.${quote(index.name)}`);
    return rows.map((index) => index.definition);
  }

  /** Makes the secondary indexes the load went without (nothing when they are made already). */
  private async makeDeferredIndexes(row: RebuildRow): Promise<void> {
    await this.options.knex.transaction(async (trx) => {
      const current = await trx<RebuildRow>('projection_rebuilds')
        .where({ rebuild_id: row.rebuild_id, owner: this.owner, state: 'running' })
        .forUpdate()
        .first();
      if (!current) throw new Abandoned();
      // Every name qualified (see deferSecondaryIndexes); with the scratch schema as the only one on
      // the path besides, no definition can reach a live table.
      await this.inSchema(trx, row.schema_name, async () => {
        for (const definition of current.deferred_indexes ?? []) await trx.raw(definition);
      });
      await trx('projection_rebuilds').where({ rebuild_id: row.rebuild_id }).update({ deferred_indexes: null });
    });
  }

  /**
   * Each rebuild's total (progress only). Where the log is a table of this database, one grouped
   * count answers every read model at once; elsewhere each counts its own types.
   */
  private async countTotals(members: readonly Member[]): Promise<void> {
    const { knex, store } = this.options;
    const totals = new Map<string, number>();
    if (store.capabilities.eventsTableInDatabase && members.length > 1) {
      const types = [...new Set(members.flatMap((m) => m.projector.handles))];
      const { rows } = (await knex.raw(`select type, count(*)::bigint::text as count from events where type = any(?) group by type`, [
        types,
      ])) as { rows: { type: string; count: string }[] };
      const byType = new Map(rows.map((r) => [r.type, Number(r.count)]));
      for (const { row, projector } of members)
        totals.set(
          row.rebuild_id,
          Math.min(
            TOTAL_CAP,
            projector.handles.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0),
          ),
        );
    } else {
      for (const { row, projector } of members)
        totals.set(row.rebuild_id, await store.countEvents({ types: [...projector.handles], cap: TOTAL_CAP }));
    }
    for (const [rebuildId, count] of totals)
      await knex('projection_rebuilds')
        .where({ rebuild_id: rebuildId })
        .update({ total: knex.raw('greatest(?::bigint, processed)', [count]) });
  }

  /** The secondary indexes these rebuilds still put off, read in the page's transaction. */
  private async deferredOf(trx: Knex.Transaction, rebuildIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows: Pick<RebuildRow, 'rebuild_id' | 'deferred_indexes'>[] = await trx('projection_rebuilds')
      .whereIn('rebuild_id', rebuildIds)
      .select('rebuild_id', 'deferred_indexes');
    return new Map(rows.map((r) => [r.rebuild_id, r.deferred_indexes ?? []]));
  }

  /**
   * Before a page's read of its touched rows: makes each deferred index that read looks up by
   * (lookupIndexes.ts), in the page's transaction, and takes it off the rebuild's list, so no page
   * scans a whole scratch table. The others still wait for the end of the load.
   */
  private makingLookupIndexes(trx: Knex.Transaction, deferred: readonly string[], made: (waiting: string[]) => void): BeforeRead {
    let waiting = deferred;
    return async (lookups) => {
      const { needed, waiting: rest } = indexesForLookups(waiting, lookups);
      if (needed.length === 0) return;
      for (const definition of needed) await trx.raw(definition);
      waiting = rest;
      made(rest);
    };
  }

  /** Records what the rebuilds still put off (with the live schema on the path). */
  private async storeDeferred(trx: Knex.Transaction, waiting: ReadonlyMap<string, readonly string[]>): Promise<void> {
    if (waiting.size === 0) return;
    await trx.raw(
      `update projection_rebuilds r set deferred_indexes = d.list
       from unnest(?::uuid[], ?::jsonb[]) as d(id, list) where r.rebuild_id = d.id`,
      [[...waiting.keys()], [...waiting.values()].map((list) => JSON.stringify(list))],
    );
  }

  /** Runs `work` with the scratch schema as the only one on the search path, then puts the path back. */
  private async inSchema<T>(trx: Knex.Transaction, schemaName: string, work: () => Promise<T>): Promise<T> {
    const { rows } = (await trx.raw(`select current_setting('search_path') as path`)) as { rows: { path: string }[] };
    await trx.raw(`select set_config('search_path', ?, true)`, [quote(schemaName)]);
    const result = await work();
    await trx.raw(`select set_config('search_path', ?, true)`, [rows[0]!.path]);
    return result;
  }

  /** Projects the log into the scratch tables until it has read to the end once. */
  private async build(row: RebuildRow, projector: ReadModelProjector, run: Run): Promise<void> {
    const id = row.rebuild_id;
    let failure: string | undefined;
    const subscription: Subscription = this.options.store.subscribe({
      name: rebuildSubscriptionName(id),
      filter: { types: projector.handles },
      // A set-based projector's statements are per batch: it reads in large pages.
      batchSize: this.options.batchSize ?? (isSetBased(projector) ? SET_BASED_REBUILD_PAGE : 500),
      pollIntervalMs: this.options.pollIntervalMs,
      readOnly: true,
      handle: async (events, trx) => {
        const deferred = isSetBased(projector) ? await this.deferredOf(trx, [id]) : new Map<string, string[]>();
        const waiting = new Map<string, string[]>();
        const making = this.makingLookupIndexes(trx, deferred.get(id) ?? [], (rest) => waiting.set(id, rest));
        await this.inSchema(trx, row.schema_name, () => projectEvents(projector, events, trx, 'copy', making));
        await this.storeDeferred(trx, waiting);
        await trx('projection_rebuilds').where({ rebuild_id: id }).increment('processed', events.length);
      },
      onError: (error, context) => {
        if ((error as { code?: unknown }).code === '42P01') {
          failure = `${projector.name} uses a table it does not declare in its tables: ${messageOf(error)}`;
        }
        this.options.logger.warn(
          { err: error, rebuildId: id, ...context },
          context.parked ? 'rebuild parked an event' : 'rebuild batch failed',
        );
      },
    });
    const caughtUp = new BuildCaughtUp(this.options.store, subscription);
    try {
      while (!(await caughtUp.check())) {
        if (failure) throw new RebuildFailure(failure);
        if (run.abandoned || this.stopping) throw new Abandoned();
        await sleep(25);
      }
    } finally {
      await subscription.stop();
    }
    if (failure) throw new RebuildFailure(failure);
  }

  /** Whether the group's read carried this member to the end of the log (else it builds on its own from its checkpoint). */
  private async builtInGroup(group: RebuildGroup, rebuildId: string): Promise<boolean> {
    group.built ??= this.buildGroup(group);
    return (await group.built).has(rebuildId);
  }

  /**
   * One catch-up subscription for the whole group reads the log once, with the union of the
   * members' types, and hands each member the events it handles after its own checkpoint, in the
   * same transaction: each member's scratch tables, checkpoint and progress move together, as they
   * do for a rebuild alone, so a member taken over elsewhere resumes exactly where it was. The
   * batch locks the members' rows, so one taken over meanwhile is left out from then on. A member
   * whose events fail is left out too (its savepoint undone) and builds on its own, where a failing
   * event is retried and parked as it always is.
   */
  private async buildGroup(group: RebuildGroup): Promise<Set<string>> {
    const { knex, store, logger } = this.options;
    const failures = (await group.prepared) ?? new Map<string, string>();
    const members = new Map<string, Member>();
    for (const member of group.members) {
      const id = member.row.rebuild_id;
      if (!failures.has(id) && !group.runs.get(id)?.abandoned) members.set(id, member);
    }
    if (members.size === 0) return new Set();
    const names = [...members.keys()].map(rebuildSubscriptionName);
    await knex.raw(`insert into subscription_checkpoints (name) select unnest(?::text[]) on conflict (name) do nothing`, [names]);
    const { rows: starts } = (await knex.raw(
      `select tx_id::text as tx, seq::text as seq from subscription_checkpoints where name = any(?) order by tx_id, seq limit 1`,
      [names],
    )) as { rows: { tx: string; seq: string }[] };
    const after = { txId: BigInt(starts[0]!.tx), seq: BigInt(starts[0]!.seq) };
    const groupName = rebuildSubscriptionName(`group-${randomUUID()}`);
    const handles = new Map([...members].map(([id, member]) => [id, new Set(member.projector.handles)]));
    const leave = (id: string, reason: string, error?: unknown) => {
      members.delete(id);
      logger.warn({ err: error, rebuildId: id }, `a rebuild leaves its group and builds on its own: ${reason}`);
    };
    const subscription: Subscription = store.subscribe({
      name: groupName,
      after,
      filter: { types: [...new Set([...members.values()].flatMap((m) => m.projector.handles))] },
      batchSize: this.options.batchSize ?? SET_BASED_REBUILD_PAGE,
      pollIntervalMs: this.options.pollIntervalMs,
      readOnly: true,
      // The members open the same sealed fields of the page's events: each is deciphered once, and
      // the plaintext is dropped with the page.
      handle: (events, trx) =>
        sharingOpens(async () => {
          const ids = [...members.keys()];
          const { rows: owned } = (await trx.raw(
            `select rebuild_id, deferred_indexes from projection_rebuilds
             where rebuild_id = any(?::uuid[]) and owner = ? and state = 'running' for update`,
            [ids, this.owner],
          )) as { rows: { rebuild_id: string; deferred_indexes: string[] | null }[] };
          const mine = new Set(owned.map((r) => r.rebuild_id));
          const deferred = new Map(owned.map((r) => [r.rebuild_id, r.deferred_indexes ?? []]));
          const { rows: checkpoints } = (await trx.raw(
            `select name, tx_id::text as tx, seq::text as seq from subscription_checkpoints where name = any(?) for update`,
            [ids.map(rebuildSubscriptionName)],
          )) as { rows: { name: string; tx: string; seq: string }[] };
          const at = new Map(checkpoints.map((c) => [c.name, { txId: BigInt(c.tx), seq: BigInt(c.seq) }]));
          const last = events[events.length - 1]!.position;
          const { rows: path } = (await trx.raw(`select current_setting('search_path') as path`)) as { rows: { path: string }[] };
          /** The members this page carried to `last`, with how many of their events it projected. */
          const carried = new Map<string, number>();
          /** The deferred indexes of the members whose page made some (only once its savepoint held). */
          const waiting = new Map<string, string[]>();
          for (const id of ids) {
            const member = members.get(id)!;
            const from = at.get(rebuildSubscriptionName(id));
            if (!mine.has(id) || group.runs.get(id)?.abandoned || !from) {
              members.delete(id);
              continue;
            }
            if (comparePositions(from, last) >= 0) continue;
            const types = handles.get(id)!;
            const relevant = events.filter((event) => types.has(event.type) && comparePositions(event.position, from) > 0);
            let stillDeferred: string[] | undefined;
            try {
              // The member's scratch schema alone on the path until the next member's (undone with
              // the savepoint when its events fail).
              if (relevant.length > 0)
                await trx.transaction(async (savepoint) => {
                  await savepoint.raw(`select set_config('search_path', ?, true)`, [quote(member.row.schema_name)]);
                  const making = this.makingLookupIndexes(savepoint, deferred.get(id)!, (rest) => (stillDeferred = rest));
                  await projectEvents(member.projector, relevant, savepoint, 'copy', making);
                });
              if (stillDeferred) waiting.set(id, stillDeferred);
              carried.set(id, relevant.length);
            } catch (error) {
              if (isTransientFault(error)) throw error;
              leave(id, messageOf(error), error);
            }
          }
          // Every carried member's checkpoint and progress in one statement each, in the page's
          // transaction: they move with its scratch tables all the same.
          await trx.raw(`select set_config('search_path', ?, true)`, [path[0]!.path]);
          await this.storeDeferred(trx, waiting);
          if (carried.size === 0) return;
          await trx.raw(`update subscription_checkpoints set tx_id = ?::xid8, seq = ?, updated_at = now() where name = any(?)`, [
            last.txId.toString(),
            last.seq.toString(),
            [...carried.keys()].map(rebuildSubscriptionName),
          ]);
          const progressed = [...carried].filter(([, n]) => n > 0);
          if (progressed.length > 0)
            await trx.raw(
              `update projection_rebuilds r set processed = r.processed + p.n
               from unnest(?::uuid[], ?::bigint[]) as p(id, n) where r.rebuild_id = p.id`,
              [progressed.map(([id]) => id), progressed.map(([, n]) => n)],
            );
        }),
      onError: (error, context) =>
        logger.warn({ err: error, ...context }, context.parked ? 'rebuild parked an event' : 'rebuild batch failed'),
    });
    const caughtUp = new BuildCaughtUp(store, subscription);
    let built: boolean;
    try {
      while (!(built = await caughtUp.check())) {
        if (this.stopping || [...members.keys()].every((id) => group.runs.get(id)?.abandoned)) break;
        await sleep(25);
      }
    } finally {
      await subscription.stop();
    }
    // An event the group's read could not read is parked for each member that handles its type.
    await knex.transaction(async (trx) => {
      for (const {
        row: { rebuild_id: id },
        projector,
      } of group.members.filter((m) => !failures.has(m.row.rebuild_id)))
        await trx.raw(
          `insert into subscription_dead_letters (subscription, event_id, stream_id, type, tx_id, seq, attempts, error)
           select ?, event_id, stream_id, type, tx_id, seq, attempts, error from subscription_dead_letters
           where subscription = ? and type = any(?) on conflict (subscription, event_id) do nothing`,
          [rebuildSubscriptionName(id), groupName, [...projector.handles]],
        );
      await trx('subscription_dead_letters').where({ subscription: groupName }).del();
      await trx('subscription_checkpoints').where({ name: groupName }).del();
    });
    return built ? new Set(members.keys()) : new Set();
  }

  /** Fresh statistics, so the first queries on the new tables are planned well. */
  private async analyse(row: RebuildRow, projector: ReadModelProjector): Promise<void> {
    for (const table of projector.tables) await this.options.knex.raw(`analyze ${quote(row.schema_name)}.${quote(table)}`);
  }

  private async checkpointOf(trx: Knex.Transaction, name: string): Promise<GlobalPosition> {
    const row = await trx('subscription_checkpoints').where({ name }).forUpdate().first(trx.raw('tx_id::text as tx, seq::text as seq'));
    return row ? { txId: BigInt(row.tx), seq: BigInt(row.seq) } : START;
  }

  /** Events after `from` up to `to` (inclusive) that the projector handles, as the live projector read them. */
  private async projectRange(
    trx: Knex.Transaction,
    row: RebuildRow,
    projector: ReadModelProjector,
    from: GlobalPosition,
    to: GlobalPosition,
  ): Promise<number> {
    let after = from;
    let projected = 0;
    for (;;) {
      let events: RecordedEvent[];
      try {
        events = await this.options.store.readAll({ after, limit: 500 });
      } catch (error) {
        throw new SwapNotNow(`reading the events before the swap failed: ${messageOf(error)}`);
      }
      const within = events.filter((event) => comparePositions(event.position, to) <= 0);
      const relevant = within.filter((event) => projector.handles.includes(event.type));
      if (relevant.length > 0) {
        try {
          await this.inSchema(trx, row.schema_name, () => projectEvents(projector, relevant, trx));
        } catch (error) {
          throw new SwapNotNow(`an event failed: ${messageOf(error)}`);
        }
        projected += relevant.length;
      }
      if (within.length < events.length || events.length === 0) return projected;
      after = within[within.length - 1]!.position;
      if (comparePositions(after, to) >= 0) return projected;
    }
  }

  /** Objects in the scratch schema that the new tables depend on but that are not part of them (types, functions, sequences of their own). */
  private async foreignDependencies(trx: Knex.Transaction, schemaName: string, tables: readonly string[]): Promise<string[]> {
    const { rows } = (await trx.raw(
      `with ns as (select oid from pg_namespace where nspname = ?),
       owned as (select c.oid from pg_class c where c.relnamespace = (select oid from ns) and c.relname = any(?::text[])),
       parts as (
         select oid as objid from owned
         union select indexrelid from pg_index where indrelid in (select oid from owned)
         union select d.objid from pg_depend d where d.refobjid in (select oid from owned) and d.classid = 'pg_class'::regclass
         union select ad.oid from pg_attrdef ad where ad.adrelid in (select oid from owned)
         union select con.oid from pg_constraint con where con.conrelid in (select oid from owned)
         union select t.oid from pg_type t where t.typrelid in (select oid from owned)
         union select t.oid from pg_type t join pg_type e on t.typelem = e.oid where e.typrelid in (select oid from owned)
       )
       select distinct coalesce(rc.relname, rt.typname, rp.proname) as name
       from pg_depend d
       left join pg_class rc on d.refclassid = 'pg_class'::regclass and rc.oid = d.refobjid
       left join pg_type rt on d.refclassid = 'pg_type'::regclass and rt.oid = d.refobjid
       left join pg_proc rp on d.refclassid = 'pg_proc'::regclass and rp.oid = d.refobjid
       where d.objid in (select objid from parts)
         and d.refobjid not in (select objid from parts)
         and coalesce(rc.relnamespace, rt.typnamespace, rp.pronamespace) = (select oid from ns)`,
      [schemaName, [...tables]],
    )) as { rows: { name: string }[] };
    return rows.map((r) => r.name);
  }

  /** The swap, in one transaction; SwapNotNow when it should be tried again. */
  private async swap(row: RebuildRow, projector: ReadModelProjector): Promise<void> {
    const { knex } = this.options;
    const id = row.rebuild_id;
    const liveName = checkpointName(projector);
    const buildName = rebuildSubscriptionName(id);
    const retired = `retired_${id.replace(/-/g, '').slice(0, 20)}`;
    try {
      await knex.transaction(async (trx) => {
        await trx.raw(`set local lock_timeout = ${Math.max(1, Math.floor(this.options.lockTimeoutMs ?? 5000))}`);
        const mine = await trx<RebuildRow>('projection_rebuilds')
          .where({ rebuild_id: id, state: 'running', owner: this.owner })
          .forUpdate()
          .first();
        if (!mine) throw new Abandoned();
        await lockProjection(trx, projector.name);
        const built = await this.checkpointOf(trx, buildName);
        const { readCommitted } = this.options.store;
        let projected = 0;
        if (readCommitted && this.options.store.inlineReadModels?.includes(projector.name)) {
          // Kept inline, there is no live checkpoint to meet: the new tables take every event after
          // the build's. The exclusive lock has waited for the inline appends in flight and holds
          // the next ones back, so each of those events has committed, or will be written after
          // this commit and projected into the new tables by its own append: exactly once either
          // way. The build read with the store's horizon and stopped at its checkpoint, so nothing
          // at or before it is missing; after it, an event committed out of position order (a
          // smaller transaction id committing later) may still sit behind a running transaction's
          // horizon. Read with that horizon (readAll), it would be skipped here and lost; read
          // with none (readCommitted) it is here, and safely: under this lock nothing of these
          // types is still in flight.
          try {
            const intoNewTables = (events: readonly RecordedEvent[]) =>
              this.inSchema(trx, row.schema_name, () => projectEvents(projector, events, trx));
            projected = (await projectCommitted(projector, trx, readCommitted, built, intoNewTables)).projected;
          } catch (error) {
            throw new SwapNotNow(`an event failed: ${messageOf(error)}`);
          }
        } else {
          await trx.raw('insert into subscription_checkpoints (name) values (?) on conflict (name) do nothing', [liveName]);
          const live = await this.checkpointOf(trx, liveName);
          if (comparePositions(built, live) < 0) {
            // The live tables are further on: the new ones catch up to them here, under the lock.
            projected = await this.projectRange(trx, row, projector, built, live);
          } else if (comparePositions(built, live) > 0) {
            // The new tables are further on: the live projector goes on from where they are.
            await trx('subscription_checkpoints')
              .where({ name: liveName })
              .update({ tx_id: trx.raw('?::xid8', [built.txId.toString()]), seq: built.seq.toString(), updated_at: trx.fn.now() });
          }
        }
        const leftovers = await this.foreignDependencies(trx, row.schema_name, projector.tables);
        if (leftovers.length > 0) {
          throw new RebuildFailure(
            `A rebuild moves tables only; ${projector.tables.join(', ')} depend on ${leftovers.join(', ')} made by the migrations.`,
          );
        }
        const { rows } = (await trx.raw('select current_schema() as name')) as { rows: { name: string }[] };
        const liveSchema = quote(rows[0]!.name);
        await trx.raw(`create schema ${quote(retired)}`);
        for (const table of projector.tables) {
          await trx.raw(`alter table ${liveSchema}.${quote(table)} set schema ${quote(retired)}`);
          await trx.raw(`alter table ${quote(row.schema_name)}.${quote(table)} set schema ${liveSchema}`);
        }
        await trx.raw(`drop schema ${quote(row.schema_name)} cascade`);
        // The new tables skipped what the build parked, not what the live projector parked.
        await trx('subscription_dead_letters').where({ subscription: liveName }).del();
        await trx('subscription_dead_letters').where({ subscription: buildName }).update({ subscription: liveName });
        await trx('subscription_checkpoints').where({ name: buildName }).del();
        await trx('projection_rebuilds')
          .where({ rebuild_id: id })
          .update({
            state: 'swapped',
            finished_at: trx.fn.now(),
            processed: trx.raw('processed + ?', [projected]),
            total: trx.raw('greatest(total, processed + ?)', [projected]),
            heartbeat_at: trx.fn.now(),
          });
        await this.options.beforeSwapCommit?.(trx, { id, projection: projector.name });
      });
    } catch (error) {
      if (error instanceof Abandoned || error instanceof RebuildFailure || error instanceof SwapNotNow) throw error;
      if (isTransientFault(error)) throw new SwapNotNow(messageOf(error));
      throw error;
    }
    await knex
      .raw(`drop schema if exists ${quote(retired)} cascade`)
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, schema: retired }, 'could not drop the retired tables of a rebuild'),
      );
  }

  private async finish(rebuildId: string, state: 'failed', error: string): Promise<void> {
    await this.options
      .knex('projection_rebuilds')
      .where({ rebuild_id: rebuildId, state: 'running' })
      .update({ state, error, finished_at: this.options.knex.fn.now() });
  }

  /** A failed rebuild leaves nothing behind: its scratch schema, checkpoint and dead letters go. */
  private async discard(row: RebuildRow): Promise<void> {
    const name = rebuildSubscriptionName(row.rebuild_id);
    await this.options.knex.raw(`drop schema if exists ${quote(row.schema_name)} cascade`);
    await this.options.knex('subscription_checkpoints').where({ name }).del();
    await this.options.knex('subscription_dead_letters').where({ subscription: name }).del();
  }
}
