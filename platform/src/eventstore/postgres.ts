import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { runCatchUpSubscription } from '../subscriptions/catchUp';
import { contractsSchemaVersion, contractsUpcast, type Upcast } from './upcasting';
import {
  DuplicateEventError,
  START,
  WrongExpectedVersionError,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadStreamResult,
  type RecordedEvent,
  type SubscribeOptions,
  type StreamSnapshot,
  type Subscription,
} from './types';

const NOTIFY_CHANNEL = 'cc_events_appended';

export interface PostgresEventStoreOptions {
  knex: Knex;
  /** Connection string for the LISTEN connection that wakes subscribers right after an append. */
  connectionString?: string;
  upcast?: Upcast;
  schemaVersionOf?: (type: string) => number;
  /** Runs inside every append transaction just before it commits; tests use it to widen race windows. */
  beforeCommit?: () => Promise<void>;
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
 * The event store on PostgreSQL (ARCHITECTURE §5). Appends check the expected version on the
 * `event_streams` row, which serialises writers of one stream; readers of the global log only see
 * rows whose transaction is older than every transaction still running, so a slow writer can
 * delay a reader but never make it skip an event.
 */
/** Only events an operator caused carry the key, so everyone else's metadata keeps its shape. */
const operatorOf = (operator: string | undefined) => (operator ? { operator } : {});

export class PostgresEventStore implements EventStore {
  private readonly knex: Knex;
  private readonly upcast: Upcast;
  private readonly schemaVersionOf: (type: string) => number;
  private readonly listeners = new Set<() => void>();
  private listener: pg.Client | undefined;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.knex = options.knex;
    this.upcast = options.upcast ?? contractsUpcast;
    this.schemaVersionOf = options.schemaVersionOf ?? contractsSchemaVersion;
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const occurredAt = new Date().toISOString();
    const correlationId = options.metadata?.correlationId ?? randomUUID();
    return this.knex
      .transaction(async (trx) => {
        const version = await this.bumpVersion(trx, streamId, events.length, options.expectedVersion);
        const firstVersion = version - events.length + 1;
        const rows = events.map((event, index) => ({
          event_id: event.id ?? randomUUID(),
          stream_id: streamId,
          stream_version: firstVersion + index,
          type: event.type,
          schema_version: event.metadata?.schemaVersion ?? this.schemaVersionOf(event.type),
          data: JSON.stringify(event.data ?? {}),
          metadata: JSON.stringify({
            userId: event.metadata?.userId ?? options.metadata?.userId ?? null,
            correlationId: event.metadata?.correlationId ?? correlationId,
            causationId: event.metadata?.causationId ?? options.metadata?.causationId ?? null,
            occurredAt: event.metadata?.occurredAt ?? options.metadata?.occurredAt ?? occurredAt,
            ...operatorOf(event.metadata?.operator ?? options.metadata?.operator),
          }),
        }));
        const inserted: { global_position: string; transaction_id: string }[] = await trx('events')
          .insert(rows)
          .returning(trx.raw('global_position::text as global_position, transaction_id::text as transaction_id'));
        await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, streamId]);
        await this.options.beforeCommit?.();
        const last = inserted[inserted.length - 1]!;
        return {
          nextExpectedVersion: version,
          position: { txId: BigInt(last.transaction_id), seq: BigInt(last.global_position) },
        };
      })
      .catch((error: { code?: string; constraint?: string }) => {
        if (error?.code === '23505' && error.constraint === 'events_event_id_key') throw new DuplicateEventError(streamId);
        throw error;
      });
  }

  /** Moves the stream's version forward by `count` if it matches the expectation; returns the new version. */
  private async bumpVersion(trx: Knex.Transaction, streamId: string, count: number, expected: ExpectedVersion): Promise<number> {
    let result: { rows: { version: number }[] };
    if (expected === 'no_stream' || expected === 0) {
      result = await trx.raw(
        'insert into event_streams (stream_id, version) values (?, ?) on conflict (stream_id) do nothing returning version',
        [streamId, count],
      );
    } else if (expected === 'any') {
      result = await trx.raw(
        `insert into event_streams (stream_id, version) values (?, ?)
         on conflict (stream_id) do update set version = event_streams.version + excluded.version, updated_at = now()
         returning version`,
        [streamId, count],
      );
    } else if (expected === 'stream_exists') {
      result = await trx.raw(
        'update event_streams set version = version + ?, updated_at = now() where stream_id = ? returning version',
        [count, streamId],
      );
    } else {
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
      result = await trx.raw(
        'update event_streams set version = version + ?, updated_at = now() where stream_id = ? and version = ? returning version',
        [count, streamId, expected],
      );
    }
    const row = result.rows[0];
    if (!row) {
      const actual = await trx('event_streams').where({ stream_id: streamId }).first('version');
      throw new WrongExpectedVersionError(streamId, expected, actual?.version ?? 0);
    }
    return row.version;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const after = options.after ?? 0;
    const rows: EventRow[] = await this.knex('events')
      .select(this.knex.raw(EVENT_COLUMNS))
      .where({ stream_id: streamId })
      .andWhere('stream_version', '>', after)
      .orderBy('stream_version');
    const events = rows.map((row) => this.toRecorded(row));
    return { version: events.at(-1)?.streamVersion ?? after, events };
  }

  async readSnapshot(streamId: string): Promise<StreamSnapshot | undefined> {
    const row = await this.knex('stream_snapshots').where({ stream_id: streamId }).first('name', 'version', 'state');
    return row ? { name: row.name, version: row.version, state: row.state } : undefined;
  }

  async writeSnapshot(streamId: string, snapshot: StreamSnapshot): Promise<void> {
    // Concurrent commands may each write one; the newest version wins, and a new shape replaces an old one.
    await this.knex.raw(
      `insert into stream_snapshots (stream_id, name, version, state) values (?, ?, ?, ?::jsonb)
       on conflict (stream_id) do update set name = excluded.name, version = excluded.version, state = excluded.state, taken_at = now()
       where stream_snapshots.name <> excluded.name or stream_snapshots.version < excluded.version`,
      [streamId, snapshot.name, snapshot.version, JSON.stringify(snapshot.state)],
    );
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const limit = Math.max(1, Math.min(options.limit ?? 500, 10_000));
    const { rows } = (await this.knex.raw(
      `select ${EVENT_COLUMNS} from events
       where (transaction_id, global_position) > (?::xid8, ?::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by events.transaction_id, events.global_position
       limit ?`,
      [after.txId.toString(), after.seq.toString(), limit],
    )) as { rows: EventRow[] };
    return rows.map((row) => this.toRecorded(row));
  }

  async headPosition(): Promise<GlobalPosition> {
    // No visibility guard here: this is the newest committed event, which every subscriber is
    // guaranteed to reach once older transactions finish (xmin is cluster-wide, so that can lag).
    const { rows } = (await this.knex.raw(
      `select transaction_id::text as tx, global_position::text as seq from events
       order by transaction_id desc, global_position desc limit 1`,
    )) as { rows: { tx: string; seq: string }[] };
    const row = rows[0];
    return row ? { txId: BigInt(row.tx), seq: BigInt(row.seq) } : START;
  }

  subscribe(options: SubscribeOptions): Subscription {
    void this.ensureListening();
    const subscription = runCatchUpSubscription({
      knex: this.knex,
      readAll: (after, limit) => this.readAll({ after, limit }),
      onAppended: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
      options,
    });
    this.subscriptions.add(subscription);
    const stop = subscription.stop.bind(subscription);
    return Object.assign(subscription, {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await stop();
      },
    });
  }

  /** One LISTEN connection per store wakes every subscriber as soon as an append commits. */
  private async ensureListening(): Promise<void> {
    if (this.listener || !this.options.connectionString) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    this.listener = client;
    client.on('notification', () => this.listeners.forEach((listener) => listener()));
    // Losing the LISTEN connection only slows subscribers down to their poll interval.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
    } catch {
      this.listener = undefined;
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
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
