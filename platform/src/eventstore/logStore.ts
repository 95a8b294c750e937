import type { Knex } from 'knex';
import { runCatchUpSubscription } from '../subscriptions/catchUp';
import { runConcurrentSubscription } from '../subscriptions/concurrent';
import type { CatchUpSource } from '../subscriptions/core';
import { readSnapshotRow, writeSnapshotRow } from './snapshots';
import {
  START,
  type ConcurrentSubscribeOptions,
  type GlobalPosition,
  type LogEntry,
  type PublishingSubscribeOptions,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamSnapshot,
  type SubscribeOptions,
  type Subscription,
} from './types';

/** Most events one read of the global log returns, whatever a caller asks for. */
const MAX_LOG_PAGE = 10_000;

/** A caller's page size, kept between one event and the cap. */
export const logPageSize = (limit: number) => Math.max(1, Math.min(limit, MAX_LOG_PAGE));

/**
 * What the PostgreSQL and the KurrentDB stores do alike once each can read its global log as
 * entries (`readLog`) and describe itself to subscriptions (`source`): `readAll`, snapshots (kept
 * in PostgreSQL for both), catch-up and concurrent subscriptions, and waking them on an append.
 */
export abstract class LogStore {
  /** Woken on each append this process learns of (its own, or one announced by the server). */
  protected readonly listeners = new Set<(types?: readonly string[]) => void>();
  protected readonly subscriptions = new Set<Subscription>();

  protected constructor(protected readonly knex: Knex) {}

  /** The global log after a position, an event that cannot be upcast as an entry of its own. */
  protected abstract readLog(after: GlobalPosition, limit: number): Promise<LogEntry[]>;

  protected abstract source(): CatchUpSource;

  /** Reads the global log; an event that cannot be upcast throws UnreadableEventError naming it. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const entries = await this.readLog(options.after ?? START, options.limit ?? 500);
    return entries.map((entry) => {
      if (entry.error) throw entry.error;
      return entry.event;
    });
  }

  readSnapshot(streamId: string): Promise<StreamSnapshot | undefined> {
    return readSnapshotRow(this.knex, streamId);
  }

  writeSnapshot(streamId: string, snapshot: StreamSnapshot): Promise<void> {
    return writeSnapshotRow(this.knex, streamId, snapshot);
  }

  subscribe(options: SubscribeOptions | PublishingSubscribeOptions): Subscription {
    return this.track(runCatchUpSubscription(this.source(), options));
  }

  subscribeConcurrently(options: ConcurrentSubscribeOptions): Subscription {
    return this.track(runConcurrentSubscription(this.source(), options));
  }

  /** Tells every subscriber of an append of `types` (undefined: of types unknown, so each looks). */
  protected wakeAll(types?: readonly string[]): void {
    this.listeners.forEach((listener) => listener(types));
  }

  /** `CatchUpSource.onAppended`: a listener until the returned function removes it. */
  protected onAppended(listener: (types?: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected async stopSubscriptions(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
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
}
