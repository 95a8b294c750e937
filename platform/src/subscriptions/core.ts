import type { Knex } from 'knex';
import {
  comparePositions,
  type AdvisoryLock,
  type GlobalPosition,
  type LogEntry,
  type Subscription,
  type SubscriptionFilter,
} from '../eventstore/types';

/** What a subscriber reads from: the global log, and a signal when something was appended. */
export interface CatchUpSource {
  /** Database holding the checkpoints and whatever the handler writes. */
  knex: Knex;
  /** Entries after `after`, in order; an event that cannot be read is an entry with an error, never a thrown batch. */
  readAll(after: GlobalPosition, limit: number): Promise<LogEntry[]>;
  /**
   * Only the entries of these types, the filter applied where the log is stored, so a reader of a
   * few types does not carry the whole log over the wire. `scannedTo` is how far the read looked:
   * every entry after `after` up to it that is not returned is of another type (the last entry
   * returned when `limit` were found, else the newest readable entry), so the reader's checkpoint
   * may move there. `head`, when given, is what `headPosition` would have answered at the read.
   */
  readOfTypes?(
    after: GlobalPosition,
    limit: number,
    types: readonly string[],
  ): Promise<{ entries: LogEntry[]; scannedTo: GlobalPosition; head?: GlobalPosition }>;
  /**
   * Calls `listener` on each append it learns of, with the types appended when it knows them
   * (undefined: unknown, so every subscriber looks).
   */
  onAppended(listener: (types?: readonly string[]) => void): () => void;
  /** The newest committed event, readable or not yet (docs/decisions/subscriptions.md); lets an idle reader tell the two apart. */
  headPosition?(): Promise<GlobalPosition>;
  /**
   * Says, first thing in `trx`, that it will append no event, so readers need not wait for it (stores
   * with a visibility horizon); takes `lock` (an advisory lock) in the same statement when given.
   */
  willNotAppend?(trx: Knex.Transaction, lock?: AdvisoryLock): Promise<void>;
  /**
   * `willNotAppend` for batches of several subscribers committed together: the promise and each of
   * `locks` in one statement, every lock only if it is free at once; false when one is held
   * elsewhere (the caller rolls back). Without it, each batch commits alone.
   */
  willNotAppendLocking?(trx: Knex.Transaction, locks: readonly AdvisoryLock[]): Promise<boolean>;
}

/**
 * How long a subscriber waits after a read that found nothing. When a committed event lies ahead
 * that is not readable yet (a transaction anywhere in the cluster that began before it is still
 * open, typically another subscriber's batch), nobody will say when it becomes readable, so it is
 * read again after 2, 4, 8 … 256 ms (or the poll interval, if shorter) instead of after a whole poll interval:
 * waiting the interval made a command's read-back take up to 500 ms.
 *
 * It chases so only when something says the events ahead may be its own: the read followed a wake
 * (an append of its types, or somebody waiting for a position), or it found events of its types, and
 * until it has caught up. A read at the poll interval that finds only events not readable yet waits
 * the interval again: under steady load something is always not readable yet, and every worker and
 * projector that no append concerned chased it, a read and a checkpoint write a few times a second
 * each. The append of those events wakes the subscribers they concern, which then chase.
 */
export class IdleWait {
  private misses = 0;
  /** Chasing events not readable yet, since a wake or a read that found some of its own. */
  private chasing = true;
  /** Whether the last `next` found the reader at the head (nothing committed past its checkpoint). */
  caughtUp = false;

  constructor(
    private readonly source: CatchUpSource,
    private readonly pollIntervalMs: number,
  ) {}

  /**
   * `knownHead`: the newest committed event as the read that found nothing saw it (saves a
   * statement). `prompted`: the read followed a wake, or somebody waits for the subscriber.
   */
  async next(checkpoint: GlobalPosition, knownHead?: GlobalPosition, prompted = true): Promise<number> {
    const head = knownHead ?? (this.source.headPosition ? await this.source.headPosition() : undefined);
    this.caughtUp = !head || comparePositions(head, checkpoint) <= 0;
    if (this.caughtUp) {
      this.misses = 0;
      this.chasing = false;
      return this.pollIntervalMs;
    }
    if (!prompted && !this.chasing) return this.pollIntervalMs;
    this.chasing = true;
    this.misses = Math.min(this.misses + 1, 8);
    return Math.min(this.pollIntervalMs, 2 ** this.misses);
  }

  /** Something was read: the next idle read starts over, chasing what is not readable yet. */
  reset(): void {
    this.misses = 0;
    this.chasing = true;
  }
}

/**
 * Whether an append of `appended` types may give a subscriber of `filter` something to do. One that
 * handles none of them is not woken: with a dozen projectors each handling a few types, waking all
 * of them on every append had each read the log and move its checkpoint for nothing, on the cores
 * the command itself needs. Its checkpoint passes those events on its next read: when a relevant
 * append wakes it, when somebody waits for a position beyond it (CheckpointWaiters), or at the
 * poll interval.
 */
export function concerns(filter: SubscriptionFilter | undefined, appended: readonly string[] | undefined): boolean {
  if (!appended || !filter?.types) return true;
  return appended.some((type) => filter.types!.includes(type));
}

export function matches(filter: SubscriptionFilter | undefined, entry: { type: string; streamId: string }): boolean {
  if (!filter) return true;
  if (filter.types && !filter.types.includes(entry.type)) return false;
  if (filter.streamPrefix && !entry.streamId.startsWith(filter.streamPrefix)) return false;
  return true;
}

/**
 * Pauses that an append notification (or stop) ends early. A wake while nobody pauses is kept for
 * the next pause, so an append noticed during work is not slept through.
 */
export class Pauser {
  private readonly sleepers = new Set<() => void>();
  private woken = false;

  wake(): void {
    if (this.sleepers.size === 0) this.woken = true;
    for (const sleeper of [...this.sleepers]) sleeper();
  }

  /** Wakes a pause under way, keeping nothing for the next one (the caller looks before it pauses). */
  wakeSleeping(): void {
    for (const sleeper of [...this.sleepers]) sleeper();
  }

  /** Whether a wake came while nobody paused (something was appended since the last read started). */
  hasKeptWake(): boolean {
    return this.woken;
  }

  /** Forgets a kept wake: a read about to start sees everything appended before it. */
  forget(): void {
    this.woken = false;
  }

  /** True when a wake ended it (or one was kept for it), false when its time ran out. */
  pause(ms: number): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve(woken);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.sleepers.add(wake);
    });
  }
}

/** The part every subscriber shares: its checkpoint as seen by callers of waitFor. */
export class CheckpointWaiters {
  private checkpoint: GlobalPosition;
  private readonly waiters = new Set<{ position: GlobalPosition; resolve: () => void }>();

  /** `behind` is told when somebody starts waiting for a position the checkpoint has not reached. */
  constructor(
    initial: GlobalPosition,
    private readonly behind: (position: GlobalPosition) => void = () => undefined,
  ) {
    this.checkpoint = initial;
  }

  get position(): GlobalPosition {
    return this.checkpoint;
  }

  /** Whether somebody waits for a position it has not reached. */
  awaited(): boolean {
    return this.waiters.size > 0;
  }

  set(position: GlobalPosition): void {
    this.checkpoint = position;
    this.release(position);
  }

  /**
   * Answers the waiters up to `position` before the checkpoint gets there: a read found nothing the
   * subscriber handles up to it, so its read model already shows everything they wait for.
   */
  release(position: GlobalPosition): void {
    for (const waiter of this.waiters) {
      if (comparePositions(position, waiter.position) >= 0) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  waitFor(name: string, position: GlobalPosition, timeoutMs: number): Promise<void> {
    if (comparePositions(this.checkpoint, position) >= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`${name} did not reach the position within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
      this.behind(position);
    });
  }
}

export function subscriptionHandle(
  name: string,
  checkpoint: CheckpointWaiters,
  live: () => boolean,
  stop: () => Promise<void>,
): Subscription {
  return {
    name,
    position: () => checkpoint.position,
    isLive: live,
    waitFor: (position, timeoutMs) => checkpoint.waitFor(name, position, timeoutMs),
    stop,
  };
}
