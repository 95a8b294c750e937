import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { runCatchUpSubscription } from '../subscriptions/catchUp';
import { runConcurrentSubscription } from '../subscriptions/concurrent';
import type { CatchUpSource } from '../subscriptions/core';
import { readSnapshotRow, writeSnapshotRow } from './snapshots';
import { contractsSchemaVersion, contractsUpcast, type Upcast } from './upcasting';
import {
  DuplicateEventError,
  START,
  UnreadableEventError,
  WrongExpectedVersionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type ConcurrentSubscribeOptions,
  type CountEventsOptions,
  type EventMetadata,
  type EventStore,
  type EventStoreCapabilities,
  type ExpectedVersion,
  type GlobalPosition,
  type LogEntry,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadStoredLogOptions,
  type ReadStreamResult,
  type RecordedEvent,
  type StoredEvent,
  type StreamSnapshot,
  type PublishingSubscribeOptions,
  type SubscribeOptions,
  type Subscription,
} from './types';

export interface EventStoreDbOptions {
  /** e.g. `esdb://kurrentdb:2113?tls=false` (EVENTSTORE_CONNECTION_STRING). */
  connectionString: string;
  /** PostgreSQL: subscriber checkpoints, dead letters and snapshots, next to the read models they cover. */
  knex: Knex;
  upcast?: Upcast;
  schemaVersionOf?: (type: string) => number;
  logger?: Logger;
  /**
   * Prefix of every stream this store writes and reads (default none). Several environments (or
   * test runs) can then share one server without seeing each other's events in `$all`.
   */
  namespace?: string;
}

/** What this adapter writes as EventStoreDB event metadata; `$correlationId`/`$causationId` are the server's own names. */
interface StoredMetadata {
  userId: string | null;
  operator?: string;
  $correlationId: string;
  $causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
}

type ServerEvent = NonNullable<AllStreamResolvedEvent['event']>;

/** Server-side events ($-prefixed streams and types) are not the application's. */
const isSystem = (event: { streamId: string; type: string }) => event.streamId.startsWith('$') || event.type.startsWith('$');

/** EventStoreDB's (commit, prepare) is a total order of $all; it maps onto (txId, seq) one to one. */
const toPosition = (position: { commit: bigint; prepare: bigint }): GlobalPosition => ({ txId: position.commit, seq: position.prepare });
const fromPosition = (position: GlobalPosition) => ({ commit: position.txId, prepare: position.seq });

/** Stream versions start at 1 here and revisions at 0 there. */
function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
  return BigInt(expected - 1);
}

function errorType(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'type' in error && typeof error.type === 'string' ? error.type : undefined;
}

/**
 * The event store on EventStoreDB / KurrentDB (ARCHITECTURE §18), selected by
 * EVENTSTORE_CONNECTION_STRING. Streams, expected versions and the global order are the server's;
 * what must move in the same transaction as a read model (checkpoints, dead letters) stays in
 * PostgreSQL, so the catch-up and concurrent subscriptions are the very ones of the PostgreSQL
 * store, reading `$all` instead of the `events` table.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly capabilities: EventStoreCapabilities = { eventsTableInDatabase: false };
  readonly client: EventStoreDBClient;
  private readonly knex: Knex;
  private readonly upcast: Upcast;
  private readonly schemaVersionOf: (type: string) => number;
  private readonly listeners = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();
  private live: { unsubscribe(): Promise<void> } | undefined;
  private liveRetry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly namespace: string;

  constructor(private readonly options: EventStoreDbOptions) {
    this.client = EventStoreDBClient.connectionString([options.connectionString] as unknown as TemplateStringsArray);
    this.knex = options.knex;
    this.namespace = options.namespace ?? '';
    this.upcast = options.upcast ?? contractsUpcast;
    this.schemaVersionOf = options.schemaVersionOf ?? contractsSchemaVersion;
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    let expected = options.expectedVersion;
    // EventStoreDB answers a repeated event id with the earlier write's success (idempotent append),
    // but the port promises DuplicateEventError, which workers count as "already done". Events with
    // a caller-chosen id are checked against their stream; with `any`, the version read is then
    // required, so nothing can slip in between the check and the write.
    const chosen = new Set(events.flatMap((event) => (event.id ? [event.id] : [])));
    if (chosen.size > 0) {
      const current = await this.readStream(streamId).catch((error: unknown) => {
        if (error instanceof UnreadableEventError) return undefined;
        throw error;
      });
      if (current?.events.some((event) => chosen.has(event.id))) throw new DuplicateEventError(streamId);
      if (expected === 'any' && current) expected = current.version;
    }
    const occurredAt = new Date().toISOString();
    const correlationId = options.metadata?.correlationId ?? randomUUID();
    const data = events.map((event) => {
      const operator = event.metadata?.operator ?? options.metadata?.operator;
      const metadata: StoredMetadata = {
        userId: event.metadata?.userId ?? options.metadata?.userId ?? null,
        $correlationId: event.metadata?.correlationId ?? correlationId,
        $causationId: event.metadata?.causationId ?? options.metadata?.causationId ?? null,
        occurredAt: event.metadata?.occurredAt ?? options.metadata?.occurredAt ?? occurredAt,
        schemaVersion: event.metadata?.schemaVersion ?? this.schemaVersionOf(event.type),
        ...(operator ? { operator } : {}),
      };
      return jsonEvent({ id: event.id ?? randomUUID(), type: event.type, data: (event.data ?? {}) as Record<string, unknown>, metadata: { ...metadata } });
    });
    try {
      const result = await this.client.appendToStream(this.namespace + streamId, data, { expectedRevision: toExpectedRevision(expected) });
      const nextExpectedVersion = Number(result.nextExpectedRevision) + 1;
      const position = result.position ? toPosition(result.position) : (await this.readStream(streamId, { after: nextExpectedVersion - 1 })).events[0]!.position;
      return { nextExpectedVersion, position };
    } catch (error) {
      if (errorType(error) === 'wrong-expected-version') {
        const actual = (error as { actualVersion?: unknown }).actualVersion;
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, typeof actual === 'bigint' ? Number(actual) + 1 : 0);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const after = options.after ?? 0;
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.namespace + streamId, { direction: FORWARDS, fromRevision: after === 0 ? ESDB_START : BigInt(after) })) {
        const entry = this.toEntry(resolved);
        if (!entry) continue;
        if (entry.error) throw entry.error;
        events.push(entry.event);
      }
    } catch (error) {
      if (errorType(error) !== 'stream-not-found') throw error;
    }
    return { version: events.at(-1)?.streamVersion ?? after, events };
  }

  readSnapshot(streamId: string): Promise<StreamSnapshot | undefined> {
    return readSnapshotRow(this.knex, streamId);
  }

  writeSnapshot(streamId: string, snapshot: StreamSnapshot): Promise<void> {
    return writeSnapshotRow(this.knex, streamId, snapshot);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const entries = await this.readLog(options.after ?? START, options.limit ?? 500);
    return entries.map((entry) => {
      if (entry.error) throw entry.error;
      return entry.event;
    });
  }

  /**
   * `$all` after a position, without the server's own events. EventStoreDB reads from a position
   * inclusively, and a page may hold only system events, so pages are read until `limit`
   * application events are found or the log ends.
   */
  private async readLog(after: GlobalPosition, limit: number): Promise<LogEntry[]> {
    const wanted = Math.max(1, Math.min(limit, 10_000));
    const found: LogEntry[] = [];
    let from = after;
    for (;;) {
      let read = 0;
      let last: GlobalPosition | undefined;
      const page = this.client.readAll({
        direction: FORWARDS,
        fromPosition: comparePositions(from, START) === 0 ? ESDB_START : fromPosition(from),
        maxCount: wanted + 1,
      });
      for await (const resolved of page) {
        read += 1;
        const event = resolved.event;
        if (!event?.position) continue;
        const position = toPosition(event.position);
        last = position;
        if (comparePositions(position, from) <= 0) continue;
        const entry = this.toEntry(resolved);
        if (entry) found.push(entry);
        if (found.length >= wanted) break;
      }
      if (found.length >= wanted || read < wanted + 1 || !last) return found;
      from = last;
    }
  }

  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: Number.MAX_SAFE_INTEGER })) {
      const event = resolved.event;
      if (event?.position && this.owns(event)) return toPosition(event.position);
    }
    return START;
  }

  /** The server has no count: `$all` is read forwards from the position, a page at a time, until the cap or the end. */
  async countEvents({ after = START, types, cap }: CountEventsOptions): Promise<number> {
    const limit = Math.max(0, Math.floor(cap));
    if (limit === 0 || types?.length === 0) return 0;
    const wanted = types ? new Set(types) : undefined;
    let count = 0;
    let from = after;
    for (;;) {
      const page = await this.readStoredLog({ direction: 'forwards', from, limit: 1000 });
      for (const event of page) {
        if (!wanted || wanted.has(event.type)) count += 1;
        if (count >= limit) return limit;
      }
      if (page.length === 0) return count;
      from = page.at(-1)!.position;
    }
  }

  /**
   * A page of `$all` (or of one stream) as stored. The server reads from a position inclusively and
   * a page may hold only system events or another namespace's, so pages are read until `limit`
   * of this store's events are found or the log ends.
   */
  async readStoredLog({ direction, from, streamId, limit }: ReadStoredLogOptions): Promise<StoredEvent[]> {
    const wanted = Math.max(1, Math.min(limit, 10_000));
    const forwards = direction === 'forwards';
    const found: StoredEvent[] = [];
    let cursor = from;
    for (;;) {
      let read = 0;
      let last: GlobalPosition | undefined;
      const page = streamId === undefined
        ? this.client.readAll({
            direction: forwards ? FORWARDS : BACKWARDS,
            fromPosition: cursor ? fromPosition(cursor) : forwards ? ESDB_START : END,
            maxCount: wanted + 1,
          })
        : this.client.readStream(this.namespace + streamId, { direction: forwards ? FORWARDS : BACKWARDS, fromRevision: forwards ? ESDB_START : END });
      try {
        for await (const resolved of page) {
          read += 1;
          const event = resolved.event as ServerEvent | undefined;
          if (!event || (streamId === undefined && !event.position)) continue;
          const position = event.position ? toPosition(event.position) : undefined;
          last = position ?? last;
          if (cursor && position && (forwards ? comparePositions(position, cursor) <= 0 : comparePositions(position, cursor) >= 0)) continue;
          if (!this.owns(event)) continue;
          found.push(this.toStored(event));
          if (found.length >= wanted) break;
        }
      } catch (error) {
        if (errorType(error) !== 'stream-not-found') throw error;
      }
      // One stream is read whole in one go (streams are short); `$all` page by page.
      if (streamId !== undefined || found.length >= wanted || read < wanted + 1 || !last) return found;
      cursor = last;
    }
  }

  subscribe(options: SubscribeOptions | PublishingSubscribeOptions): Subscription {
    return this.track(runCatchUpSubscription(this.source(), options));
  }

  subscribeConcurrently(options: ConcurrentSubscribeOptions): Subscription {
    return this.track(runConcurrentSubscription(this.source(), options));
  }

  private source(): CatchUpSource {
    this.ensureLive();
    return {
      knex: this.knex,
      readAll: (after, limit) => this.readLog(after, limit),
      onAppended: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
  }

  /**
   * One live subscription to `$all` (from the end) per store wakes every subscriber on each append,
   * as LISTEN/NOTIFY does for PostgreSQL. Losing it only slows subscribers to their poll interval
   * until it is made again.
   */
  private ensureLive(attempt = 0): void {
    if (this.live || this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live = subscription;
    const wakeAll = () => this.listeners.forEach((listener) => listener());
    subscription.on('data', wakeAll);
    subscription.on('error', (error: unknown) => {
      if (this.live === subscription) this.live = undefined;
      if (this.closed) return;
      this.options.logger?.warn({ err: error }, 'event store: live subscription to $all lost; subscribers poll until it is back');
      clearTimeout(this.liveRetry);
      this.liveRetry = setTimeout(() => this.ensureLive(attempt + 1), Math.min(100 * 2 ** attempt, 5000));
      this.liveRetry.unref();
    });
    wakeAll();
  }

  private track(subscription: Subscription): Subscription {
    this.subscriptions.add(subscription);
    const stop = subscription.stop.bind(subscription);
    return Object.assign(subscription, {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await stop();
      },
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.liveRetry);
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.live?.unsubscribe().catch(() => undefined);
    this.live = undefined;
    await this.client.dispose();
  }

  private owns(event: { streamId: string; type: string }): boolean {
    return !isSystem(event) && event.streamId.startsWith(this.namespace);
  }

  private toStored(stored: ServerEvent): StoredEvent {
    const metadata = (stored.metadata ?? {}) as Partial<StoredMetadata>;
    return {
      id: stored.id,
      streamId: stored.streamId.slice(this.namespace.length),
      streamVersion: Number(stored.revision) + 1,
      type: stored.type,
      schemaVersion: metadata.schemaVersion ?? 1,
      data: stored.isJson ? stored.data : null,
      metadata: {
        userId: metadata.userId ?? null,
        correlationId: metadata.$correlationId ?? '',
        causationId: metadata.$causationId ?? null,
        occurredAt: metadata.occurredAt ?? stored.created.toISOString(),
        ...(metadata.operator ? { operator: metadata.operator } : {}),
      },
      position: stored.position ? toPosition(stored.position) : START,
      recordedAt: stored.created,
    };
  }

  /** The application's view of a stored event; undefined for the server's own events and other namespaces'. */
  private toEntry(resolved: ResolvedEvent | AllStreamResolvedEvent): LogEntry | undefined {
    const stored = resolved.event as ServerEvent | undefined;
    if (!stored || !this.owns(stored)) return undefined;
    const streamId = stored.streamId.slice(this.namespace.length);
    const metadata = (stored.metadata ?? {}) as Partial<StoredMetadata>;
    const schemaVersion = metadata.schemaVersion ?? 1;
    const position = stored.position ? toPosition(stored.position) : START;
    const place = { id: stored.id, type: stored.type, streamId, position };
    try {
      if (!stored.isJson) throw new Error('not a JSON event');
      const { version, data } = this.upcast(stored.type, schemaVersion, stored.data);
      const eventMetadata: EventMetadata = {
        userId: metadata.userId ?? null,
        correlationId: metadata.$correlationId ?? '',
        causationId: metadata.$causationId ?? null,
        occurredAt: metadata.occurredAt ?? stored.created.toISOString(),
        schemaVersion: version,
        ...(metadata.operator ? { operator: metadata.operator } : {}),
      };
      const event: RecordedEvent = {
        id: stored.id,
        type: stored.type,
        data,
        metadata: eventMetadata,
        streamId,
        streamVersion: Number(stored.revision) + 1,
        position,
        recordedAt: stored.created,
      };
      return { ...place, event };
    } catch (error) {
      return { ...place, error: new UnreadableEventError(stored.id, stored.type, schemaVersion, error) };
    }
  }
}
