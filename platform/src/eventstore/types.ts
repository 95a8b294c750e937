import type { Knex } from 'knex';

/**
 * A place in the global log. PostgreSQL orders events by (transaction id, sequence number) so that an
 * event committed late by a concurrent transaction still comes after everything already read;
 * EventStoreDB's (commit, prepare) pair maps onto the same two numbers.
 */
export interface GlobalPosition {
  readonly txId: bigint;
  readonly seq: bigint;
}

export const START: GlobalPosition = Object.freeze({ txId: 0n, seq: 0n });

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.txId !== b.txId) return a.txId < b.txId ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}

export function formatPosition(p: GlobalPosition): string {
  return `${p.txId}.${p.seq}`;
}

export function parsePosition(text: string | null | undefined): GlobalPosition | undefined {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(text ?? '');
  return match ? { txId: BigInt(match[1]!), seq: BigInt(match[2]!) } : undefined;
}

export function maxPosition(a: GlobalPosition | undefined, b: GlobalPosition | undefined): GlobalPosition | undefined {
  if (!a) return b;
  if (!b) return a;
  return comparePositions(a, b) >= 0 ? a : b;
}

export interface EventMetadata {
  /** The actor: the user whose request caused the event, or null for the system or an operator. */
  userId: string | null;
  /**
   * Set when a person acted from outside the app (the `npm run admin` command line): who, as
   * `<os user>@<host>`. userId is then null, since an operator is not an account.
   */
  operator?: string;
  /** Set when a service acted on its own account (the billing service changing a tier); userId is then null. */
  service?: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
}

export interface NewEvent {
  type: string;
  data: unknown;
  /** Optional stable id, so a retried append of the same event can be recognised. */
  id?: string;
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** 1 for the first event of a stream. */
  streamVersion: number;
  position: GlobalPosition;
  recordedAt: Date;
}

/**
 * What the writer believes the stream's version is: a number (0 = the stream has no events yet),
 * `no_stream`, `stream_exists`, or `any` (no check).
 */
export type ExpectedVersion = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /** Metadata applied to every event of this append unless the event sets its own. */
  metadata?: Partial<EventMetadata>;
  /**
   * The caller appends again at once: other processes may be told of this append with the next
   * one, in one notification (appendNotifier.ts). This process's subscribers are woken at once.
   */
  notifyWithNext?: boolean;
}

export interface AppendResult {
  /** The stream's version after the append. */
  nextExpectedVersion: number;
  /** Position of the last appended event. */
  position: GlobalPosition;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An event with this id is already stored: the append was a repeat of one that succeeded. */
export class DuplicateEventError extends Error {
  constructor(readonly streamId: string) {
    super(`An event appended to ${streamId} is already stored`);
    this.name = 'DuplicateEventError';
  }
}

/** The stream was deleted for good (tombstoned): it can be neither read nor written again. */
export class StreamDeletedError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} was deleted`);
    this.name = 'StreamDeletedError';
  }
}

export interface ReadStreamResult {
  /** Current version (0 when the stream does not exist). */
  version: number;
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  /**
   * Only the events after this stream version (exclusive), e.g. those a snapshot does not cover.
   * The result's `version` is then at least `after`.
   */
  after?: number;
}

/**
 * A decider's state folded up to `version` of one stream, kept so that the next command folds only
 * what came after it. A cache: it can always be rebuilt from the events, which stay the truth.
 */
export interface StreamSnapshot {
  /** Which shape of state this is; a reader that expects another name ignores the snapshot. */
  name: string;
  version: number;
  state: unknown;
}

export interface ReadAllOptions {
  /** Exclusive lower bound. */
  after?: GlobalPosition;
  limit?: number;
}

/**
 * A stored event that cannot be turned into its current shape (no upcaster, or the upcaster threw).
 * That is a fault of this one event: readers of the global log get it as an entry of its own, so
 * a subscriber that handles its type parks it and every other subscriber goes on.
 */
export class UnreadableEventError extends Error {
  constructor(
    readonly eventId: string,
    readonly type: string,
    readonly schemaVersion: number,
    cause: unknown,
  ) {
    super(`Event ${eventId} (${type} v${schemaVersion}) cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'UnreadableEventError';
  }
}

/** One place in the global log as subscribers read it: the event, or why it could not be read. */
export type LogEntry =
  | { id: string; type: string; streamId: string; position: GlobalPosition; event: RecordedEvent; error?: undefined }
  | { id: string; type: string; streamId: string; position: GlobalPosition; event?: undefined; error: UnreadableEventError };

/** A subscriber that cannot reach the database (or its log) says so once, and once again when it can. */
export interface SubscriptionStateChange {
  subscription: string;
  state: 'degraded' | 'recovered';
  /** What made it degraded. */
  error?: unknown;
  /** How long it was degraded (on recovery). */
  downForMs?: number;
}

export interface SubscriptionFilter {
  types?: readonly string[];
  streamPrefix?: string;
}

export interface SubscribeOptions {
  /** Stable subscriber name; its checkpoint is stored under it. */
  name: string;
  filter?: SubscriptionFilter;
  /** Where to start when the subscriber has no checkpoint yet (default: the beginning). */
  after?: GlobalPosition;
  batchSize?: number;
  /**
   * Handles a batch inside the transaction that also moves the checkpoint (compare-and-set), so the
   * effect of every event is applied exactly once even though delivery is at least once.
   */
  handle(events: RecordedEvent[], trx: Knex.Transaction): Promise<void>;
  /**
   * A batch whose handler fails is retried event by event; the same event failing in its handler
   * this often in a row is parked. Transient faults (database or network unavailable, a lost
   * serialization race) never count: they are retried for as long as they last.
   */
  maxAttempts?: number;
  /** Idle poll interval when no append notification arrives (ms). */
  pollIntervalMs?: number;
  /** Longest pause between retries of a transient fault (ms, default 5000). */
  maxBackoffMs?: number;
  /** Told about handler failures and parked events. */
  onError?: (error: unknown, context: { subscription: string; eventId?: string; attempt: number; parked: boolean }) => void;
  /** Told once when the subscriber starts waiting out a transient fault, and once when it is past it. */
  onStateChange?: (change: SubscriptionStateChange) => void;
  /**
   * The handler never appends events inside its transaction (projectors). Said to the store before
   * the transaction writes anything, so other readers of the log need not wait for it to end
   * (PostgreSQL: `events_will_not_append`, docs/decisions/event-store.md); an append in it is then refused.
   */
  readOnly?: boolean;
  /**
   * A transaction-scoped advisory lock (`pg_advisory_xact_lock(space, hashtext(key))`) taken first in
   * each batch's transaction, before the handler runs; with `readOnly`, in the same statement as its
   * promise (one round trip less per batch than the handler taking it).
   */
  batchLock?: AdvisoryLock;
  /**
   * Subscribers given the same group read the log together: one read answers every one of them
   * that asks at about the same time (subscriptions/sharedReads.ts). For subscribers that follow
   * the head together (the projectors); a rebuild reading from far behind keeps its own reads.
   */
  sharedReads?: ReadGroup;
  /**
   * Subscribers given the same group commit together: the batches they ask to commit in the same
   * turn run in one transaction, with one statement for their locks and one for their checkpoints
   * (subscriptions/sharedCommits.ts). For `readOnly` subscribers of one store; a batch the group
   * cannot commit is committed by its subscriber alone, as without a group.
   */
  sharedCommits?: CommitGroup;
}

/**
 * A catch-up subscriber whose effects are not in the database (the Kafka relay publishes to a
 * broker): `publish` runs with no transaction open, and the checkpoint moves after it returns, in a
 * statement of its own, so a crash between the two publishes the batch again (at least once). A
 * batch that fails is narrowed and its event parked as for `handle`.
 */
export interface PublishingSubscribeOptions extends Omit<SubscribeOptions, 'handle' | 'readOnly'> {
  publish(events: RecordedEvent[]): Promise<void>;
}

/**
 * A subscriber whose handler runs outside any transaction (workers that call engines, payment
 * providers or mail servers). Up to `concurrency` events are handled at once, events of one
 * stream one after another; the checkpoint moves past an event only when it and every event
 * before it are handled, so a crash redelivers what was not answered (at least once).
 */
export interface ConcurrentSubscribeOptions extends Omit<SubscribeOptions, 'handle' | 'batchSize'> {
  /** How many events are handled at once (default 1). */
  concurrency?: number;
  /** Handles one event; `signal` is aborted when the subscription stops. */
  handle(event: RecordedEvent, signal: AbortSignal): Promise<void>;
}

export interface Subscription {
  readonly name: string;
  /** Last position whose effect is committed (the checkpoint). */
  position(): GlobalPosition;
  /** Resolves once the checkpoint is at or past `position`; rejects after `timeoutMs`. */
  waitFor(position: GlobalPosition, timeoutMs: number): Promise<void>;
  /** True once the subscription has read up to the end of the log at least once. */
  isLive(): boolean;
  stop(): Promise<void>;
}

export interface CountEventsOptions {
  /** Exclusive lower bound (default: the beginning). */
  after?: GlobalPosition;
  /** Only events of these types (default: every type). */
  types?: readonly string[];
  /** Counting stops here: the answer is at most `cap`, so a far-behind reader costs a bounded read. */
  cap: number;
}

/**
 * An event as stored, for support's event log: data and metadata at the stored schema version, not
 * upcast (so an event no upcaster can read is still shown).
 */
export interface StoredEvent {
  id: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: Partial<Omit<EventMetadata, 'schemaVersion'>>;
  position: GlobalPosition;
  recordedAt: Date;
}

export interface ReadStoredLogOptions {
  direction: 'forwards' | 'backwards';
  /** Exclusive: the page starts just after (forwards) or just before (backwards) it; default the start or the end. */
  from?: GlobalPosition;
  /** Only this stream's events (read from the stream itself, not by scanning the log). */
  streamId?: string;
  limit: number;
}

/** What a store can answer beyond the port's methods; readers choose their path by it, never by the class. */
export interface EventStoreCapabilities {
  /**
   * The log is the `events` table of the PostgreSQL database the read models live in, so support
   * reads may filter, sort and count it in SQL. Otherwise they go through the port
   * (`readStoredLog`, `countEvents`) and can honour only what a scan in log order can.
   */
  eventsTableInDatabase: boolean;
}

export interface EventStore {
  readonly capabilities: EventStoreCapabilities;
  appendToStream(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult>;
  /** The stream's latest snapshot, whatever its name; undefined when none was written. */
  readSnapshot(streamId: string): Promise<StreamSnapshot | undefined>;
  /** Keeps the snapshot unless one of the same name at the same or a later version is already kept. */
  writeSnapshot(streamId: string, snapshot: StreamSnapshot): Promise<void>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options: SubscribeOptions | PublishingSubscribeOptions): Subscription;
  /** Delivery outside any transaction, several events at once (workers; see ConcurrentSubscribeOptions). */
  subscribeConcurrently(options: ConcurrentSubscribeOptions): Subscription;
  /** The position of the newest committed event (START for an empty store); subscribers reach it eventually. */
  headPosition(): Promise<GlobalPosition>;
  /** How many events (optionally of some types) come after a position, counted up to `cap`. */
  countEvents(options: CountEventsOptions): Promise<number>;
  /** One page of the log (or of one stream) in either direction, as stored; an empty page is the end. */
  readStoredLog(options: ReadStoredLogOptions): Promise<StoredEvent[]>;
  /**
   * Only where read models can be kept inline (the PostgreSQL store): the committed events of some
   * types after a position, read in a read-model transaction with no horizon (see ReadCommitted).
   */
  readonly readCommitted?: ReadCommitted;
  /** The read models this store keeps in its appends' transactions (inlineProjection.ts); undefined or empty elsewhere. */
  readonly inlineReadModels?: readonly string[];
  close(): Promise<void>;
}

/**
 * Reads committed events of some types after a position, in log order, with no horizon: what an
 * inline read model's owner reads while it holds the read model's lock exclusively, when every
 * append of those types has either committed or not yet begun to write (see projection-service's
 * inline projections). Anyone else must read through a subscription.
 */
export type ReadCommitted = (
  trx: Knex.Transaction,
  options: { after: GlobalPosition; types: readonly string[]; limit: number },
) => Promise<RecordedEvent[]>;

/** What a reader of some types gets: its entries, how far the read looked, and the head (see CatchUpSource.readOfTypes). */
export interface TypedPage {
  entries: LogEntry[];
  scannedTo: GlobalPosition;
  head?: GlobalPosition;
}

export type ReadOfTypes = (after: GlobalPosition, limit: number, types: readonly string[]) => Promise<TypedPage>;

/** An advisory lock of a transaction: `pg_advisory_xact_lock(space, hashtext(key))`. */
export interface AdvisoryLock {
  space: number;
  key: string;
}

/**
 * A write the caller would otherwise send as a statement of its own after the handler's, offered
 * to the handler to send as the last clause of its own last write (`with …, tN as (<sql> returning
 * 1) select count(*) from tN`): one round trip fewer per transaction. The handler tells `check` how
 * many rows it changed (it throws when they are not all), and the caller sends it only when the
 * handler did not.
 */
export interface TrailingWrite {
  /** What it does, for the message of a statement that fails. */
  what: string;
  /** One `update`, `insert` or `delete` without `returning`; each `?` in it is bound, in order, from `bindings`. */
  sql: string;
  bindings: readonly unknown[];
  check(rowCount: number): void;
}

/** One subscriber's batch offered to a `CommitGroup`. */
export interface GroupBatch {
  /** The subscriber (its checkpoint's name). */
  name: string;
  events: RecordedEvent[];
  /** Its checkpoint as stored, and where the batch moves it (compare-and-set). */
  from: GlobalPosition;
  to: GlobalPosition;
  /** Its `batchLock`. */
  lock?: AdvisoryLock;
  /** Database holding the checkpoints and what the handlers write. */
  knex: Knex;
  /**
   * First in the transaction: the store's promise that it appends nothing, and every lock only if
   * it is free at once, in one statement; false when one is held elsewhere (the batch then waits
   * for it alone, not holding the others back).
   */
  begin(trx: Knex.Transaction, locks: readonly AdvisoryLock[]): Promise<boolean>;
  /** Told once every batch's handler ran, before the checkpoints move (the subscriber may read ahead). */
  handled(): void;
}

/** Subscribers whose batches commit together (`SharedCommits` in subscriptions/sharedCommits.ts). */
export interface CommitGroup {
  /** True once the batch committed with others; false when its subscriber must commit it alone. */
  commit(batch: GroupBatch): Promise<boolean>;
}

/** Subscribers whose reads are answered together (`SharedReads` in subscriptions/sharedReads.ts). */
export interface ReadGroup {
  /** `read` through this group: the store's own `readOfTypes` for one subscriber. */
  over(read: ReadOfTypes): ReadOfTypes;
}
