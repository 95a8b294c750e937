import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  eventTypeFilter,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendResult as ServerAppendResult,
  type AppendStreamState,
  type EventData,
  type Filter,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import type { CatchUpSource } from '../subscriptions/core';
import { LogStore, logPageSize } from './logStore';
import { contractsSchemaVersion, contractsUpcast, type Upcast } from './upcasting';
import {
  DuplicateEventError,
  START,
  StreamDeletedError,
  UnreadableEventError,
  WrongExpectedVersionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type CountEventsOptions,
  type EventMetadata,
  type EventStore,
  type EventStoreCapabilities,
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

export interface EventStoreDbOptions {
  /** e.g. `kurrentdb://kurrentdb:2113?tls=false` (EVENTSTORE_CONNECTION_STRING). */
  connectionString: string;
  /** PostgreSQL: subscriber checkpoints, dead letters and snapshots, next to the read models they cover. */
  knex: Knex;
  upcast?: Upcast;
  schemaVersionOf?: (type: string) => number;
  logger?: Logger;
  /**
   * Prefix of every stream this store writes and reads (default none). Several environments (or
   * test runs) can then share one server without seeing each other's events in `$all`: the server
   * filters `$all` by it.
   */
  namespace?: string;
  /** Tries of one append while the server is unavailable or answers too late (default 6, about 6 s). */
  appendAttempts?: number;
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
function toStreamState(expected: ExpectedVersion): AppendStreamState {
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
 * Answers after which an append may or may not have been written (a leader election, a lost
 * answer). Sent again with the same event ids and expectation, the server writes it once: it
 * answers a repeat of a write it holds with that write's success.
 */
const RETRY_APPEND = new Set(['unavailable', 'deadline-exceeded', 'not-leader', 'timeout']);
const DELETED = new Set(['stream-deleted', 'stream-tombstoned']);

/**
 * The event store on EventStoreDB / KurrentDB (docs/decisions/event-store.md), selected by
 * EVENTSTORE_CONNECTION_STRING. Streams, expected versions and the global order are the server's;
 * what must move in the same transaction as a read model (checkpoints, dead letters) stays in
 * PostgreSQL, so the catch-up and concurrent subscriptions are the very ones of the PostgreSQL
 * store, reading `$all` instead of the `events` table.
 */
export class EventStoreDbEventStore extends LogStore implements EventStore {
  readonly capabilities: EventStoreCapabilities = { eventsTableInDatabase: false };
  readonly client: KurrentDBClient;
  private readonly upcast: Upcast;
  private readonly schemaVersionOf: (type: string) => number;
  private live: { unsubscribe(): Promise<void> } | undefined;
  private liveRetry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly namespace: string;
  /** The server's filter of `$all`: this store's streams, or (without a namespace) every event but the server's own. */
  private readonly ownEvents: () => Filter;

  constructor(private readonly options: EventStoreDbOptions) {
    super(options.knex);
    this.client = KurrentDBClient.connectionString(options.connectionString);
    this.namespace = options.namespace ?? '';
    const namespace = this.namespace;
    this.ownEvents = () => (namespace ? streamNameFilter({ prefixes: [namespace] }) : eventTypeFilter({ regex: '^[^$]' }));
    this.upcast = options.upcast ?? contractsUpcast;
    this.schemaVersionOf = options.schemaVersionOf ?? contractsSchemaVersion;
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    let expected = options.expectedVersion;
    // EventStoreDB answers a repeated event id with the earlier write's success, but the port
    // promises DuplicateEventError, which workers count as "already done". Caller-chosen ids are
    // claimed in PostgreSQL at the versions they are to be written at, against an exact expectation
    // (one event read when the caller said `any`), so a repeat is told by reading that one event.
    if (events.some((event) => event.id)) {
      if (expected === 'any' || expected === 'stream_exists') {
        const current = await this.currentVersion(streamId);
        if (expected === 'stream_exists' && current === 0) throw new WrongExpectedVersionError(streamId, expected, 0);
        expected = current;
      }
      await this.claimIds(streamId, events, expected === 'no_stream' ? 0 : expected, options.expectedVersion);
    }
    const occurredAt = new Date().toISOString();
    const correlationId = options.metadata?.correlationId ?? randomUUID();
    // Ids are chosen here, once: every retry of this append sends the very same events.
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
      return jsonEvent({
        id: event.id ?? randomUUID(),
        type: event.type,
        data: (event.data ?? {}) as Record<string, unknown>,
        metadata: { ...metadata },
      });
    });
    const result = await this.appendRetrying(streamId, data, expected, options.expectedVersion);
    const nextExpectedVersion = Number(result.nextExpectedRevision) + 1;
    const position = result.position ? toPosition(result.position) : await this.positionOf(streamId, nextExpectedVersion);
    return { nextExpectedVersion, position };
  }

  /** The append itself, sent again with the same events and expectation after an answer that was lost. */
  private async appendRetrying(
    streamId: string,
    data: EventData[],
    expected: ExpectedVersion,
    asked: ExpectedVersion,
  ): Promise<ServerAppendResult> {
    const attempts = Math.max(1, this.options.appendAttempts ?? 6);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.client.appendToStream(this.namespace + streamId, data, { streamState: toStreamState(expected) });
      } catch (error) {
        const type = errorType(error);
        if (type === 'wrong-expected-version') {
          const actual = (error as { actualState?: unknown }).actualState;
          throw new WrongExpectedVersionError(streamId, asked, typeof actual === 'bigint' ? Number(actual) + 1 : 0);
        }
        if (type && DELETED.has(type)) throw new StreamDeletedError(streamId);
        if (!type || !RETRY_APPEND.has(type) || attempt >= attempts) throw error;
        await sleep(Math.min(100 * 2 ** attempt, 2000));
      }
    }
  }

  /** The stream's version, read from its last event alone (0 when it has none). */
  private async currentVersion(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(this.namespace + streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision) + 1;
      }
    } catch (error) {
      const type = errorType(error);
      if (type && DELETED.has(type)) throw new StreamDeletedError(streamId);
      if (type !== 'stream-not-found') throw error;
    }
    return 0;
  }

  /** The event at this version of the stream, read alone; undefined when there is none. */
  private async eventAt(serverStream: string, version: number): Promise<ServerEvent | undefined> {
    try {
      for await (const resolved of this.client.readStream(serverStream, {
        direction: FORWARDS,
        fromRevision: BigInt(version - 1),
        maxCount: 1,
      })) {
        return resolved.event as ServerEvent | undefined;
      }
    } catch (error) {
      const type = errorType(error);
      if (type !== 'stream-not-found' && !(type && DELETED.has(type))) throw error;
    }
    return undefined;
  }

  /**
   * Claims each chosen id at the version it is to be written at. An id claimed before is a repeat
   * when its event is at the claimed place; otherwise that earlier append never happened (it lost a
   * race, or crashed before writing) and the claim moves here.
   */
  private async claimIds(streamId: string, events: readonly NewEvent[], base: number, asked: ExpectedVersion): Promise<void> {
    const serverStream = this.namespace + streamId;
    const wanted = events.flatMap((event, index) =>
      event.id ? [{ event_id: event.id, stream_id: serverStream, stream_version: base + index + 1 }] : [],
    );
    const { rows } = (await this.knex.raw(
      `insert into eventstore_event_ids (event_id, stream_id, stream_version)
       select * from jsonb_to_recordset(?::jsonb) as t(event_id uuid, stream_id text, stream_version bigint)
       on conflict (event_id) do nothing returning event_id::text`,
      [JSON.stringify(wanted)],
    )) as { rows: { event_id: string }[] };
    const claimed = new Set(rows.map((row) => row.event_id));
    for (const claim of wanted.filter((one) => !claimed.has(one.event_id))) {
      const earlier = (await this.knex('eventstore_event_ids').where({ event_id: claim.event_id }).first('stream_id', 'stream_version')) as
        { stream_id: string; stream_version: string } | undefined;
      if (earlier) {
        const stored = await this.eventAt(earlier.stream_id, Number(earlier.stream_version));
        if (stored?.id === claim.event_id) throw new DuplicateEventError(streamId);
      }
      const moved = await this.knex('eventstore_event_ids')
        .where({
          event_id: claim.event_id,
          stream_id: earlier?.stream_id ?? claim.stream_id,
          stream_version: earlier?.stream_version ?? claim.stream_version,
        })
        .update({ stream_id: claim.stream_id, stream_version: claim.stream_version, claimed_at: this.knex.fn.now() });
      // Another append of this id claimed it meanwhile: one of the two loses; this one, now.
      if (moved === 0) throw new WrongExpectedVersionError(streamId, asked, base);
    }
  }

  /** The `$all` position of the event at this version, read back when the append's answer has none. */
  private async positionOf(streamId: string, version: number): Promise<GlobalPosition> {
    const stored = await this.eventAt(this.namespace + streamId, version);
    if (!stored?.position) {
      // A guess would make read-your-writes wait for ever, or not at all.
      throw new Error(`The event store gave no $all position for ${streamId} at version ${version}`);
    }
    return toPosition(stored.position);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<ReadStreamResult> {
    const after = options.after ?? 0;
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.namespace + streamId, {
        direction: FORWARDS,
        fromRevision: after === 0 ? ESDB_START : BigInt(after),
      })) {
        const entry = this.toEntry(resolved);
        if (!entry) continue;
        if (entry.error) throw entry.error;
        events.push(entry.event);
      }
    } catch (error) {
      const type = errorType(error);
      if (type && DELETED.has(type)) throw new StreamDeletedError(streamId);
      if (type !== 'stream-not-found') throw error;
    }
    return { version: events.at(-1)?.streamVersion ?? after, events };
  }

  /**
   * `$all` after a position: this store's events only, filtered by the server (the other
   * namespaces' and the server's own never cross the network). The server reads from a position
   * inclusively, so the event at `after` is passed over, and pages are read until `limit` events
   * are found or the log ends.
   */
  protected async readLog(after: GlobalPosition, limit: number): Promise<LogEntry[]> {
    const wanted = logPageSize(limit);
    const found: LogEntry[] = [];
    let from = after;
    for (;;) {
      let read = 0;
      let last: GlobalPosition | undefined;
      const page = this.client.readAll({
        direction: FORWARDS,
        fromPosition: comparePositions(from, START) === 0 ? ESDB_START : fromPosition(from),
        maxCount: wanted + 1,
        filter: this.ownEvents(),
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

  /** The newest of this store's events: one event read backwards, found by the server's filter, not by a scan here. */
  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: this.ownEvents() })) {
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
    const wanted = logPageSize(limit);
    const forwards = direction === 'forwards';
    const found: StoredEvent[] = [];
    let cursor = from;
    for (;;) {
      let read = 0;
      let last: GlobalPosition | undefined;
      const page =
        streamId === undefined
          ? this.client.readAll({
              direction: forwards ? FORWARDS : BACKWARDS,
              fromPosition: cursor ? fromPosition(cursor) : forwards ? ESDB_START : END,
              maxCount: wanted + 1,
              filter: this.ownEvents(),
            })
          : this.client.readStream(this.namespace + streamId, {
              direction: forwards ? FORWARDS : BACKWARDS,
              fromRevision: forwards ? ESDB_START : END,
            });
      try {
        for await (const resolved of page) {
          read += 1;
          const event = resolved.event as ServerEvent | undefined;
          if (!event || (streamId === undefined && !event.position)) continue;
          const position = event.position ? toPosition(event.position) : undefined;
          last = position ?? last;
          if (cursor && position && (forwards ? comparePositions(position, cursor) <= 0 : comparePositions(position, cursor) >= 0))
            continue;
          if (!this.owns(event)) continue;
          found.push(this.toStored(event));
          if (found.length >= wanted) break;
        }
      } catch (error) {
        const type = errorType(error);
        if (type && DELETED.has(type)) throw new StreamDeletedError(streamId ?? '$all');
        if (type !== 'stream-not-found') throw error;
      }
      // One stream is read whole in one go (streams are short); `$all` page by page.
      if (streamId !== undefined || found.length >= wanted || read < wanted + 1 || !last) return found;
      cursor = last;
    }
  }

  protected source(): CatchUpSource {
    this.ensureLive();
    return {
      knex: this.knex,
      readAll: (after, limit) => this.readLog(after, limit),
      onAppended: (listener) => this.onAppended(listener),
    };
  }

  /**
   * One live subscription to `$all` (from the end, this store's events only, filtered by the
   * server) per store wakes every subscriber on each append, as LISTEN/NOTIFY does for PostgreSQL.
   * When it fails or the server ends it, it is made again after a pause; meanwhile subscribers
   * only fall back to their poll interval.
   */
  private ensureLive(attempt = 0): void {
    if (this.live || this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: this.ownEvents() });
    this.live = subscription;
    const wakeAll = () => this.wakeAll();
    let lost = false;
    const again = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.live === subscription) this.live = undefined;
      if (this.closed) return;
      this.options.logger?.warn(
        { err: error },
        error
          ? 'event store: live subscription to $all lost; subscribers poll until it is back'
          : 'event store: the server ended the live subscription to $all; making it again',
      );
      clearTimeout(this.liveRetry);
      this.liveRetry = setTimeout(() => this.ensureLive(attempt + 1), Math.min(100 * 2 ** attempt, 5000));
      this.liveRetry.unref();
    };
    subscription.on('data', () => {
      attempt = 0;
      wakeAll();
    });
    subscription.on('error', (error: unknown) => again(error));
    subscription.on('end', () => again());
    subscription.on('close', () => again());
    wakeAll();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.liveRetry);
    await this.stopSubscriptions();
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
