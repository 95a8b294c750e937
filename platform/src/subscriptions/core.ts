import type { Knex } from 'knex';
import {
  comparePositions,
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
  onAppended(listener: () => void): () => void;
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

  pause(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

/** The part every subscriber shares: its checkpoint as seen by callers of waitFor. */
export class CheckpointWaiters {
  private checkpoint: GlobalPosition;
  private readonly waiters = new Set<{ position: GlobalPosition; resolve: () => void }>();

  constructor(initial: GlobalPosition) {
    this.checkpoint = initial;
  }

  get position(): GlobalPosition {
    return this.checkpoint;
  }

  set(position: GlobalPosition): void {
    this.checkpoint = position;
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
