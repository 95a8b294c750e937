import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger';
import type { CatchUpSource } from '../subscriptions/core';
import { AppendNotifier } from './appendNotifier';
import { NotifyBatch } from './notifyBatch';
import type { InlineProjection, ReadCommitted } from './inlineProjection';
import { alignPositions } from './positionOffset';
import { LogStore, logPageSize } from './logStore';
import { contractsSchemaVersion, contractsUpcast, type Upcast } from './upcasting';
import {
  DuplicateEventError,
  START,
  UnreadableEventError,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type CountEventsOptions,
  type EventMetadata,
  type EventStoreCapabilities,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type LogEntry,
  type NewEvent,
  type ReadStreamOptions,
  type ReadStoredLogOptions,
  type ReadStreamResult,
  type RecordedEvent,
  type StoredEvent,
} from './types';

const NOTIFY_CHANNEL = 'cc_events_appended';
/** NOTIFY payloads must stay under 8000 bytes; a longer list of types is sent as "every type". */
const MAX_NOTIFY_TYPES_LENGTH = 7000;

/**
 * A notification's payload: the sending store's id, then the types appended (comma-separated), or
 * `*` for types unknown. The sender's own subscribers were woken in its process already.
 */
export function notifyPayload(sender: string, types: readonly string[] | undefined): string {
  const list = types?.join(',');
  return `${sender}:${list === undefined || list.length > MAX_NOTIFY_TYPES_LENGTH ? '*' : list}`;
}

/** What a notification asks of this store's subscribers: nothing (its own), or to wake for these types (undefined: all). */
export function readNotifyPayload(payload: string | undefined, self: string): { own: boolean; types: readonly string[] | undefined } {
  const colon = payload ? payload.indexOf(':') : -1;
  if (!payload || colon < 0) return { own: false, types: undefined };
  const list = payload.slice(colon + 1);
  return { own: payload.slice(0, colon) === self, types: list === '*' ? undefined : list.split(',').filter(Boolean) };
}
/**
 * Names of the append's statements, prepared once per connection: parsing and planning the call on
 * every append cost PostgreSQL about as much CPU as a whole single-row INSERT's share of the append
 * (the event-store bench), and both texts are fixed, only their parameters vary. A name is bound to
 * one text for a connection's life (pg refuses another), so each statement has its own. A migration
 * that changes `events_append`'s answer columns needs running processes restarted: PostgreSQL
 * refuses to run a prepared statement whose result type changed under it.
 */
const PREPARED = { append: { name: 'cc_events_append' }, lockedAppend: { name: 'cc_events_append_locked' } } as const;
/** The SQLSTATE `events_append` raises when the stream is not at the expected version (DETAIL: the actual one). */
const WRONG_EXPECTED_VERSION = 'CCWEV';

/** The expected version as `events_append` takes it. */
function expectedText(expected: ExpectedVersion): string {
  if (typeof expected === 'number') {
    if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
    return String(expected);
  }
  return expected;
}

export interface PostgresEventStoreOptions {
  knex: Knex;
  /** Connection string for the LISTEN connection that wakes subscribers right after an append. */
  connectionString?: string;
  upcast?: Upcast;
  schemaVersionOf?: (type: string) => number;
  /** Runs inside every append transaction just before it commits; tests use it to widen race windows. */
  beforeCommit?: () => Promise<void>;
  /** Told when the store finds it was restored and renumbers from above the restored events. */
  logger?: Logger;
  /**
   * Read models kept in the append's transaction (inlineProjection.ts). Every store of the app's
   * database must be given the same one: an append made without it would leave them behind.
   */
  inline?: InlineProjection;
  /**
   * Sends this store's NOTIFYs; shared with the read-model announcer, so the two notifications that
   * follow an inline append's commit go in one statement. Without it the store has one of its own.
   */
  notices?: NotifyBatch;
}

interface EventRow {
  position_text: string;
  transaction_id_text: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Omit<EventMetadata, 'schemaVersion'>;
  created_at: Date;
}

// The text copies get their own names: an alias equal to a column name would win in ORDER BY and
// sort the log as text ('1000' before '999').
const EVENT_COLUMNS =
  'global_position::text as position_text, transaction_id::text as transaction_id_text, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at';

/**
 * The event store on PostgreSQL (docs/decisions/event-store.md). Appends check the expected version on the
 * `event_streams` row, which serialises writers of one stream; readers of the global log only see
 * rows whose transaction is older than every transaction still running, so a slow writer can
 * delay a reader but never make it skip an event.
 */
/** Only events an operator caused carry the key, so everyone else's metadata keeps its shape. */
const operatorOf = (operator: string | undefined) => (operator ? { operator } : {});
/** Likewise for events a service caused on its own account. */
const serviceOf = (service: string | undefined) => (service ? { service } : {});

export class PostgresEventStore extends LogStore implements EventStore {
  readonly capabilities: EventStoreCapabilities = { eventsTableInDatabase: true };
  /** The read models its appends keep (none without the `inline` option). */
  readonly inlineReadModels: readonly string[];
  private readonly upcast: Upcast;
  private readonly schemaVersionOf: (type: string) => number;
  private listener: pg.Client | undefined;
  private readiness: Promise<void> | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly notifier: AppendNotifier;
  /** Names this store in its notifications, so its listener skips what its appends already told its subscribers. */
  private readonly id = randomUUID();

  constructor(private readonly options: PostgresEventStoreOptions) {
    super(options.knex);
    this.inlineReadModels = options.inline?.names ?? [];
    const notices = options.notices ?? new NotifyBatch(options.knex);
    this.notifier = new AppendNotifier(
      (types) => notices.send([{ channel: NOTIFY_CHANNEL, payload: notifyPayload(this.id, types) }]),
      (error) =>
        this.options.logger?.warn(
          { err: error },
          'event store: could not notify subscribers of an append; they find it on their next poll',
        ),
    );
    this.upcast = options.upcast ?? contractsUpcast;
    this.schemaVersionOf = options.schemaVersionOf ?? contractsSchemaVersion;
  }

  /**
   * Checks, once per process, that positions keep increasing after a dump and restore (see
   * alignPositions), and brings the inline read models up to date where they were not inline yet. Appends and subscribers wait for it; `startSystem` calls it at start so a
   * problem shows there. A failure is tried again on the next call.
   */
  ready(): Promise<void> {
    this.readiness ??= alignPositions(this.knex).then(
      async (alignment) => {
        if (alignment.raisedFrom !== undefined) {
          this.options.logger?.warn(
            {
              offset: alignment.offset.toString(),
              previousOffset: alignment.raisedFrom.toString(),
              newestTransactionId: alignment.newest?.toString(),
            },
            'event store: this database was restored into a cluster that hands out lower transaction ids; new events are numbered after the restored ones',
          );
        }
        await this.options.inline?.adopt(this.knex, this.readCommitted);
      },
      (error: unknown) => {
        this.readiness = undefined;
        throw error;
      },
    );
    return this.readiness;
  }

  /**
   * One call of the `events_append` function (migration 0004): the version check and the inserts in
   * one statement, committed on its own; subscribers are told after the commit. An append of events
   * an inline read model handles is a transaction: its locks and the call (one statement), the
   * events read back and projected. With `beforeCommit` (tests widening race windows) it is a transaction too, so the
   * hook can run between the call (and the inline projection) and the commit.
   */
  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = expectedText(options.expectedVersion);
    await this.ready();
    const occurredAt = new Date().toISOString();
    const correlationId = options.metadata?.correlationId ?? randomUUID();
    const rows = events.map((event) => ({
      event_id: event.id ?? randomUUID(),
      type: event.type,
      schema_version: event.metadata?.schemaVersion ?? this.schemaVersionOf(event.type),
      data: event.data ?? {},
      metadata: {
        userId: event.metadata?.userId ?? options.metadata?.userId ?? null,
        correlationId: event.metadata?.correlationId ?? correlationId,
        causationId: event.metadata?.causationId ?? options.metadata?.causationId ?? null,
        occurredAt: event.metadata?.occurredAt ?? options.metadata?.occurredAt ?? occurredAt,
        ...operatorOf(event.metadata?.operator ?? options.metadata?.operator),
        ...serviceOf(event.metadata?.service ?? options.metadata?.service),
      },
    }));
    type Answer = { version: number; transaction_id: string; global_position: string };
    const call = async (db: Knex | Knex.Transaction) => {
      const { rows: answer } = (await db
        .raw('select version, transaction_id, global_position from events_append(?, ?, ?::jsonb)', [
          streamId,
          expected,
          JSON.stringify(rows),
        ])
        .options(PREPARED.append)) as { rows: Answer[] };
      return answer[0]!;
    };
    /**
     * The call with the inline read models' shared locks taken first, in the same statement: the
     * call's expected version depends on the count of locks taken, so PostgreSQL cannot run it
     * before every lock is granted (an aggregate is complete before its row exists), and nothing is
     * written, so no transaction id is held, while a lock is awaited. Keys in the order given: a
     * function scan of unnest yields the array's order.
     */
    const lockedCall = async (trx: Knex.Transaction, locks: { space: number; keys: readonly string[] }) => {
      // now() is the transaction's start, which every row of the append got as its created_at.
      const { rows: answer } = (await trx
        .raw(
          `select a.version, a.transaction_id, a.global_position, now() as recorded_at
         from (select count(pg_advisory_xact_lock_shared(?, hashtext(name))) as taken from unnest(?::text[]) as name) locked
         cross join lateral events_append(?, case when locked.taken >= 0 then ?::text end, ?::jsonb) a`,
          [locks.space, [...locks.keys], streamId, expected, JSON.stringify(rows)],
        )
        .options(PREPARED.lockedAppend)) as { rows: (Answer & { recorded_at: Date })[] };
      return answer[0]!;
    };
    const beforeCommit = this.options.beforeCommit;
    const inline = this.options.inline;
    const inlineTypes = inline ? [...new Set(rows.map((row) => row.type))].filter((type) => inline.handles(type)) : [];
    const pending = inline && inlineTypes.length > 0 ? this.pending(streamId, rows) : [];
    const prepared = inline && inlineTypes.length > 0 ? await inline.prepare(pending) : undefined;
    try {
      const appended =
        inline && inlineTypes.length > 0
          ? await this.knex.transaction(async (trx) => {
              const answer = await lockedCall(trx, inline.locks(inlineTypes));
              // One event's place is in the call's answer; several are read back (their positions need not be consecutive).
              const recorded =
                pending.length === 1
                  ? [
                      {
                        ...pending[0]!,
                        streamVersion: answer.version,
                        position: { txId: BigInt(answer.transaction_id), seq: BigInt(answer.global_position) },
                        recordedAt: answer.recorded_at,
                      },
                    ]
                  : await this.readAppended(trx, streamId, answer.version, rows.length);
              await inline.project(recorded, trx, prepared);
              await beforeCommit?.();
              return answer;
            })
          : beforeCommit
            ? await this.knex.transaction(async (trx) => {
                const answer = await call(trx);
                await beforeCommit();
                return answer;
              })
            : await call(this.knex);
      this.announce([...new Set(rows.map((row) => row.type))], options.notifyWithNext);
      return {
        nextExpectedVersion: appended.version,
        position: { txId: BigInt(appended.transaction_id), seq: BigInt(appended.global_position) },
      };
    } catch (error) {
      this.notifier.release();
      const failure = error as { code?: string; constraint?: string; detail?: string };
      if (failure?.code === WRONG_EXPECTED_VERSION)
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, Number(failure.detail));
      if (failure?.code === '23505' && failure.constraint === 'events_event_id_key') throw new DuplicateEventError(streamId);
      throw error;
    }
  }

  /** The events of an append as they will be recorded, before it has a version or a position. */
  private pending(
    streamId: string,
    rows: { event_id: string; type: string; schema_version: number; data: unknown; metadata: Omit<EventMetadata, 'schemaVersion'> }[],
  ): RecordedEvent[] {
    return rows.map((row) => {
      // As a read will give them: through JSON (what the column stores) and upcast to the current version.
      const { version, data } = this.upcast(row.type, row.schema_version, JSON.parse(JSON.stringify(row.data)));
      return {
        id: row.event_id,
        type: row.type,
        data,
        metadata: { ...row.metadata, schemaVersion: version },
        streamId,
        streamVersion: 0,
        position: START,
        recordedAt: new Date(),
      };
    });
  }

  /** The events an append just wrote, as recorded (positions included), read back in its transaction. */
  private async readAppended(trx: Knex.Transaction, streamId: string, version: number, count: number): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await trx('events')
      .select(trx.raw(EVENT_COLUMNS))
      .where({ stream_id: streamId })
      .andWhere('stream_version', '>', version - count)
      .orderBy('stream_version');
    return rows.map((row) => this.toRecorded(row));
  }

  /**
   * Committed events of some types after a position, with no horizon (ReadCommitted): only for an
   * inline read model's owner holding its lock exclusively.
   */
  readonly readCommitted: ReadCommitted = async (trx, { after, types, limit }) => {
    const { rows } = (await trx.raw(
      `select ${EVENT_COLUMNS} from events
       where (transaction_id, global_position) > (?::xid8, ?::bigint) and type = any(?::text[])
       order by events.transaction_id, events.global_position
       limit ?`,
      [after.txId.toString(), after.seq.toString(), [...types], logPageSize(limit)],
    )) as { rows: EventRow[] };
    return rows.map((row) => {
      try {
        return this.toRecorded(row);
      } catch (error) {
        throw new UnreadableEventError(row.event_id, row.type, row.schema_version, error);
      }
    });
  };

  /**
   * Subscribers of this store are woken at once; those of other stores and processes by a NOTIFY
   * sent after the commit, never inside it (see AppendNotifier).
   */
  private announce(types: readonly string[], hold = false): void {
    this.wakeAll(types);
    if (!this.closed) this.notifier.appended(types, hold);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const after = options.after ?? 0;
    const rows: EventRow[] = await this.knex('events')
      .select(this.knex.raw(EVENT_COLUMNS))
      .where({ stream_id: streamId })
      .andWhere('stream_version', '>', after)
      .orderBy('stream_version');
    const events = rows.map((row) => {
      try {
        return this.toRecorded(row);
      } catch (error) {
        throw new UnreadableEventError(row.event_id, row.type, row.schema_version, error);
      }
    });
    return { version: events.at(-1)?.streamVersion ?? after, events };
  }

  /**
   * The global log as subscribers read it: only rows older than every transaction still running
   * (the horizon, moved by the restore offset), and an unreadable event as an entry of its own.
   */
  protected async readLog(after: GlobalPosition, limit: number): Promise<LogEntry[]> {
    await this.ready();
    const { rows } = (await this.knex.raw(
      `select ${EVENT_COLUMNS} from events
       where (transaction_id, global_position) > (?::xid8, ?::bigint)
         and transaction_id < (select events_readable_before())
       order by events.transaction_id, events.global_position
       limit ?`,
      [after.txId.toString(), after.seq.toString(), logPageSize(limit)],
    )) as { rows: EventRow[] };
    return rows.map((row) => this.toEntry(row));
  }

  /**
   * `readLog` for a reader of some types, filtered here rather than by the reader: one statement,
   * so the page and how far it looked share one snapshot and one horizon (evaluated once, in the
   * one-row `horizon`). When fewer than `limit` match, the read looked up to the newest readable event.
   * It also answers the newest committed event, readable or not (`head`), which an idle reader
   * would otherwise ask for in a statement of its own (IdleWait).
   */
  protected async readLogOfTypes(
    after: GlobalPosition,
    limit: number,
    types: readonly string[],
  ): Promise<{ entries: LogEntry[]; scannedTo: GlobalPosition; head: GlobalPosition }> {
    await this.ready();
    const pageSize = logPageSize(limit);
    const { rows } = (await this.knex.raw(
      `select page.*, newest.newest_tx, newest.newest_seq, head.head_tx, head.head_seq
       from (select events_readable_before() as before offset 0) horizon
       left join lateral (
         select transaction_id::text as head_tx, global_position::text as head_seq from events
         order by transaction_id desc, global_position desc
         limit 1
       ) head on true
       left join lateral (
         select transaction_id::text as newest_tx, global_position::text as newest_seq from events
         where (transaction_id, global_position) > (?::xid8, ?::bigint) and transaction_id < horizon.before
         order by transaction_id desc, global_position desc
         limit 1
       ) newest on true
       left join lateral (
         select ${EVENT_COLUMNS}, transaction_id, global_position from events
         where (transaction_id, global_position) > (?::xid8, ?::bigint) and transaction_id < horizon.before
           and type = any(?::text[])
         order by transaction_id, global_position
         limit ?
       ) page on true
       order by page.transaction_id, page.global_position`,
      [after.txId.toString(), after.seq.toString(), after.txId.toString(), after.seq.toString(), [...types], pageSize],
    )) as {
      rows: (EventRow & {
        newest_tx: string | null;
        newest_seq: string;
        head_tx: string | null;
        head_seq: string;
        event_id: string | null;
      })[];
    };
    const found = rows.filter((row) => row.event_id !== null);
    const entries = found.map((row) => this.toEntry(row));
    const first = rows[0];
    const newest = first?.newest_tx ? { txId: BigInt(first.newest_tx), seq: BigInt(first.newest_seq) } : after;
    const head = first?.head_tx ? { txId: BigInt(first.head_tx), seq: BigInt(first.head_seq) } : START;
    return { entries, scannedTo: entries.length === pageSize ? entries.at(-1)!.position : newest, head };
  }

  private toEntry(row: EventRow): LogEntry {
    const position = { txId: BigInt(row.transaction_id_text), seq: BigInt(row.position_text) };
    const place = { id: row.event_id, type: row.type, streamId: row.stream_id, position };
    try {
      return { ...place, event: this.toRecorded(row) };
    } catch (error) {
      return { ...place, error: new UnreadableEventError(row.event_id, row.type, row.schema_version, error) };
    }
  }

  async headPosition(): Promise<GlobalPosition> {
    // No visibility guard here: this is the newest committed event, which every subscriber is
    // guaranteed to reach once older transactions of this database finish.
    const { rows } = (await this.knex.raw(
      `select transaction_id::text as tx, global_position::text as seq from events
       order by transaction_id desc, global_position desc limit 1`,
    )) as { rows: { tx: string; seq: string }[] };
    const row = rows[0];
    return row ? { txId: BigInt(row.tx), seq: BigInt(row.seq) } : START;
  }

  async countEvents({ after = START, types, cap }: CountEventsOptions): Promise<number> {
    const limit = Math.max(0, Math.floor(cap));
    if (limit === 0 || types?.length === 0) return 0;
    const { rows } = (await this.knex.raw(
      `select count(*)::bigint::text as count from (
         select 1 from events where (transaction_id, global_position) > (?::xid8, ?::bigint) ${types ? 'and type = any(?)' : ''} limit ?
       ) behind`,
      [after.txId.toString(), after.seq.toString(), ...(types ? [[...types]] : []), limit],
    )) as { rows: { count: string }[] };
    return Number(rows[0]!.count);
  }

  async readStoredLog({ direction, from, streamId, limit }: ReadStoredLogOptions): Promise<StoredEvent[]> {
    const forwards = direction === 'forwards';
    const rows: EventRow[] = await this.knex('events')
      .select(this.knex.raw(EVENT_COLUMNS))
      .modify((q) => {
        if (streamId !== undefined) q.where({ stream_id: streamId });
        if (from)
          q.whereRaw(`(transaction_id, global_position) ${forwards ? '>' : '<'} (?::xid8, ?::bigint)`, [
            from.txId.toString(),
            from.seq.toString(),
          ]);
      })
      .orderByRaw(forwards ? 'transaction_id, global_position' : 'transaction_id desc, global_position desc')
      .limit(logPageSize(limit));
    return rows.map((row) => ({
      id: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: row.metadata,
      position: { txId: BigInt(row.transaction_id_text), seq: BigInt(row.position_text) },
      recordedAt: row.created_at,
    }));
  }

  protected source(): CatchUpSource {
    void this.ensureListening();
    return {
      knex: this.knex,
      readAll: (after, limit) => this.readLog(after, limit),
      readOfTypes: (after, limit, types) => this.readLogOfTypes(after, limit, types),
      headPosition: () => this.headPosition(),
      willNotAppend: async (trx, lock) =>
        void (await (lock
          ? trx.raw('select events_will_not_append(), pg_advisory_xact_lock(?, hashtext(?))', [lock.space, lock.key])
          : trx.raw('select events_will_not_append()'))),
      willNotAppendLocking: async (trx, locks) => {
        const { rows } = (await trx.raw(
          `select events_will_not_append(), coalesce(bool_and(pg_try_advisory_xact_lock(l.space, hashtext(l.key))), true) as locked
           from unnest(?::int[], ?::text[]) as l(space, key)`,
          [locks.map((lock) => lock.space), locks.map((lock) => lock.key)],
        )) as { rows: { locked: boolean }[] };
        return rows[0]!.locked;
      },
      onAppended: (listener) => this.onAppended(listener),
    };
  }

  /**
   * One LISTEN connection per store wakes every subscriber as soon as an append commits. Losing it
   * (the database restarted, the network dropped) only slows subscribers down to their poll
   * interval until it is back: it is made again with backoff, and its return wakes every
   * subscriber, since appends may have happened meanwhile.
   */
  private async ensureListening(attempt = 0): Promise<void> {
    if (this.listener || this.closed || !this.options.connectionString) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    this.listener = client;
    const wakeAll = () => this.wakeAll();
    const notified = (message: pg.Notification) => {
      const { own, types } = readNotifyPayload(message.payload, this.id);
      if (!own) this.wakeAll(types);
    };
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.closed || this.subscriptions.size === 0) return;
      clearTimeout(this.listenRetry);
      this.listenRetry = setTimeout(() => void this.ensureListening(attempt + 1), Math.min(100 * 2 ** attempt, 5000));
      this.listenRetry.unref();
    };
    client.on('notification', notified);
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
      attempt = 0;
      wakeAll();
    } catch {
      onLost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    await this.stopSubscriptions();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.notifier.settled();
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const { version, data } = this.upcast(row.type, row.schema_version, row.data);
    return {
      id: row.event_id,
      type: row.type,
      data,
      metadata: { ...row.metadata, schemaVersion: version },
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: { txId: BigInt(row.transaction_id_text), seq: BigInt(row.position_text) },
      recordedAt: row.created_at,
    };
  }
}
