import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import {
  START,
  comparePositions,
  type GlobalPosition,
  type LogEntry,
  type PublishingSubscribeOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../eventstore/types';
import { CheckpointMovedError, insertDeadLetter, loadCheckpoint, moveCheckpoint } from './checkpoints';
import { CheckpointWaiters, IdleWait, Pauser, concerns, matches, subscriptionHandle, type CatchUpSource } from './core';
import { backoffMs, isTransientFault } from './faults';
import { SubscriptionHealth } from './health';

export type { CatchUpSource } from './core';

/**
 * How often a subscriber stores a checkpoint that only passed events of other types (`skipTo`): a
 * few at once, then one a second; a skip waiting its turn is stored when its turn comes.
 */
export class SkipStoreAllowance {
  private tokens: number;
  private at = Date.now();

  constructor(
    private readonly burst = 3,
    private readonly perSecond = 1,
  ) {
    this.tokens = burst;
  }

  /** Milliseconds until a skip may be stored (0: now). */
  dueIn(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 1000) / this.perSecond);
  }

  take(): void {
    this.refill();
    this.tokens -= 1;
  }

  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / 1000);
    this.at = now;
  }
}

/**
 * A catch-up subscription over any event source: reads the global log after its checkpoint, hands
 * each batch to the handler inside the transaction that moves the checkpoint, and waits for the next
 * append (or the poll interval) when it has caught up.
 *
 * Faults are told apart. A transient one (database or network unavailable, a serialization race)
 * is waited out with capped backoff for as long as it lasts and parks nothing. A batch whose
 * handler fails is retried one event at a time up to its end; the same event failing
 * `maxAttempts` times in a row is parked in `subscription_dead_letters` and skipped. An event that
 * cannot be read (upcast) is such a failure of that event, and only for subscribers that handle it.
 */
export function runCatchUpSubscription(source: CatchUpSource, options: SubscribeOptions | PublishingSubscribeOptions): Subscription {
  const { knex } = source;
  const batchSize = options.batchSize ?? 200;
  const maxAttempts = options.maxAttempts ?? 5;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const health = new SubscriptionHealth(options.name, maxBackoffMs, options.onStateChange);
  const pauser = new Pauser();
  // A reader waiting for a position wakes the subscriber if it sleeps (appends of types it does not
  // handle did not); one that is reading or working looks at the waiters before it sleeps (rest).
  const checkpoint = new CheckpointWaiters(START, () => pauser.wakeSleeping());
  const idle = new IdleWait(source, pollIntervalMs);
  const stopped = new AbortController();

  let running = true;
  let live = false;
  /** The reads since the last rest followed a wake (the first reads count as woken). */
  let woken = true;
  const unlisten = source.onAppended((appended) => {
    if (concerns(options.filter, appended)) pauser.wake();
  });

  const readOnly = async (trx: Knex.Transaction) => {
    if ('handle' in options && options.readOnly) await source.willNotAppend?.(trx);
  };

  /** What a batch's transaction does first: the promise of `readOnly` and the `batchLock`, in one statement where the store can. */
  const beginBatch = async (trx: Knex.Transaction) => {
    const lock = 'handle' in options ? options.batchLock : undefined;
    if (!lock) return readOnly(trx);
    if ('handle' in options && options.readOnly && source.willNotAppend) return source.willNotAppend(trx, lock);
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [lock.space, lock.key]);
  };

  /** A handler failure is paced but not shortened by appends, only by stop. */
  const backOff = (ms: number) => sleep(ms, undefined, { signal: stopped.signal }).catch(() => undefined);

  /**
   * A subscriber of some types only reads those, filtered by the store when it can; `scannedTo`
   * says how far the read looked, so the checkpoint passes the other types' events too.
   */
  const types = options.filter?.types;
  const filterInStore = source.readOfTypes && types && options.filter?.streamPrefix === undefined;
  const readOfTypes =
    source.readOfTypes && options.sharedReads ? options.sharedReads.over((...args) => source.readOfTypes!(...args)) : source.readOfTypes;
  const read = async (
    after: GlobalPosition,
    limit: number,
  ): Promise<{ entries: LogEntry[]; scannedTo: GlobalPosition; head?: GlobalPosition }> => {
    if (filterInStore) return readOfTypes!(after, limit, types);
    const entries = await source.readAll(after, limit);
    return { entries, scannedTo: entries.at(-1)?.position ?? after };
  };

  type Page = Awaited<ReturnType<typeof read>>;
  /** The page after the batch being committed, read while it commits. */
  let ahead: { from: GlobalPosition; page: Promise<Page> } | undefined;

  /**
   * Under load a projector is almost always inside a batch when the next append is told, and reading
   * that append's page only after the commit put a read on the path of every event. When an append
   * was told during the handler, the page after the batch is read while its checkpoint moves and it
   * commits, and used once it has committed (dropped if it did not). Appends told during the handler
   * are all in that one read; it starts after them, as a read after the commit would.
   */
  const readAhead = (from: GlobalPosition) => {
    if (!pauser.hasKeptWake()) return;
    pauser.forget();
    const page = read(from, batchSize);
    // Looked at only if the batch commits; a failure then is the next read's failure.
    page.catch(() => undefined);
    ahead = { from, page };
  };

  /** The page read ahead of the batch just committed, if it was read from where the checkpoint now is. */
  const takeAhead = (): Promise<Page> | undefined => {
    const taken = ahead && comparePositions(ahead.from, checkpoint.position) === 0 ? ahead.page : undefined;
    ahead = undefined;
    return taken;
  };

  /**
   * The checkpoint as stored (what the next compare-and-set starts from). The one in memory
   * (`checkpoint`) may be ahead of it by events of other types only, see `skipTo`.
   */
  let stored: GlobalPosition = START;
  const skipStores = new SkipStoreAllowance();
  /** The checkpoint in memory passed events of other types that are not stored yet. */
  const skipPending = () => comparePositions(checkpoint.position, stored) > 0;

  const storeSkip = async (to = checkpoint.position) => {
    skipStores.take();
    await moveCheckpoint(knex, options.name, stored, to);
    stored = to;
  };

  /**
   * Passes events of other types only. Waiters are answered at once; the stored checkpoint follows
   * with one statement, at once while skips are few, at most about once a second when they come
   * faster (SkipStoreAllowance): under load every append had each subscriber it does
   * not concern (woken by a reader waiting for the append's position) write its checkpoint, most of
   * the statements of a command's asynchronous side. A skip not stored yet costs nothing but a
   * read again after a restart, and a waiter in another process counts a checkpoint with no event of
   * its types up to the position as passed (checkpointWait.ts).
   */
  const skipTo = async (position: GlobalPosition) => {
    if (skipStores.dueIn() === 0) await storeSkip(position);
    checkpoint.set(position);
  };

  /**
   * A batch offered to the subscriber's commit group (a projector's, with the runner's other
   * projectors); false when the group did not commit it and the subscriber commits it alone.
   */
  const group = 'handle' in options && options.readOnly ? options.sharedCommits : undefined;
  const willNotAppendLocking = source.willNotAppendLocking;
  const commitTogether = (events: RecordedEvent[], from: GlobalPosition, to: GlobalPosition, mayReadAhead: boolean): Promise<boolean> =>
    group && willNotAppendLocking
      ? group.commit({
          name: options.name,
          events,
          from,
          to,
          lock: 'handle' in options ? options.batchLock : undefined,
          knex,
          begin: willNotAppendLocking,
          handled: () => {
            if (mayReadAhead) readAhead(to);
          },
        })
      : Promise.resolve(false);

  /**
   * `together`: the batch may commit with the group's others; not while events are retried one at a
   * time or one failed last, which would only fail the others' transaction too.
   */
  const commit = async (entries: LogEntry[], scannedTo: GlobalPosition | undefined, mayReadAhead: boolean, together: boolean) => {
    const from = stored;
    const lastEntry = entries[entries.length - 1]!;
    const last = scannedTo && comparePositions(scannedTo, lastEntry.position) > 0 ? { position: scannedTo } : lastEntry;
    const relevant = entries.filter((entry) => matches(options.filter, entry)).map((entry) => entry.event!);
    if (relevant.length === 0) {
      // Nothing to hand over: a skip, not a transaction of four round trips.
      await skipTo(last.position);
      return;
    } else if ('publish' in options) {
      // No transaction is open while the batch is out (a broker may take its time, or refuse).
      await options.publish(relevant);
      await moveCheckpoint(knex, options.name, from, last.position);
    } else if (!(together && (await commitTogether(relevant, from, last.position, mayReadAhead)))) {
      const { handle } = options;
      await knex.transaction(async (trx) => {
        await beginBatch(trx);
        await handle(relevant, trx);
        if (mayReadAhead) readAhead(last.position);
        await moveCheckpoint(trx, options.name, from, last.position);
      });
    }
    stored = last.position;
    checkpoint.set(last.position);
  };

  const park = async (entry: LogEntry, attempts: number, error: unknown) => {
    const from = stored;
    await knex.transaction(async (trx) => {
      await readOnly(trx);
      await insertDeadLetter(trx, options.name, entry, attempts, error);
      await moveCheckpoint(trx, options.name, from, entry.position);
    });
    stored = entry.position;
    checkpoint.set(entry.position);
  };

  /**
   * Waits for a wake, or the idle interval. A reader still waiting for a position past what the read
   * saw (it started waiting meanwhile) gets a new read at once: that position is committed, so the
   * next read sees it. Nothing is awaited between that look and the pause, so no waiter slips in.
   */
  const rest = async (head: GlobalPosition | undefined) => {
    const wait = await idle.next(checkpoint.position, head, woken || checkpoint.awaited());
    if (idle.caughtUp && checkpoint.awaited()) {
      woken = true;
      return;
    }
    // A skip not stored yet is stored when due, whether or not anything is appended meanwhile.
    woken = await pauser.pause(skipPending() ? Math.min(wait, skipStores.dueIn()) : wait);
    if (running && skipPending() && skipStores.dueIn() === 0) await storeSkip();
  };

  const reload = async () => {
    stored = await loadCheckpoint(knex, options.name, options.after ?? START);
    checkpoint.set(stored);
  };

  const loop = async () => {
    // Nothing is attributable to an event yet: whatever fails here is waited out.
    for (;;) {
      if (!running) return;
      try {
        await reload();
        health.ok();
        break;
      } catch (error) {
        await pauser.pause(health.fault(error));
      }
    }
    /** After a failed batch, events are read one at a time up to its last position. */
    let narrowUntil: GlobalPosition | undefined;
    /** The event whose handler failed last, and how often in a row. */
    let failing: { eventId: string; count: number } | undefined;
    while (running) {
      let attempted: LogEntry[] = [];
      try {
        const narrow = narrowUntil !== undefined && comparePositions(checkpoint.position, narrowUntil) < 0;
        if (!narrow) narrowUntil = undefined;
        const readAlready = narrow ? undefined : takeAhead();
        // An append told before this read starts is in what it reads.
        if (!readAlready) pauser.forget();
        const { entries, scannedTo, head } = await (readAlready ?? read(checkpoint.position, narrow ? 1 : batchSize));
        if (entries.length === 0) {
          checkpoint.release(scannedTo);
          if (comparePositions(scannedTo, checkpoint.position) > 0) await skipTo(scannedTo);
          health.ok();
          live = true;
          await rest(head);
          continue;
        }
        idle.reset();
        // An unreadable event the handler wants stops the batch there, so what precedes it goes through.
        const unreadable = entries.findIndex((entry) => entry.error && matches(options.filter, entry));
        attempted = unreadable < 0 ? entries : entries.slice(0, Math.max(unreadable, 1));
        if (unreadable === 0) throw entries[0]!.error;
        await commit(attempted, attempted.length === entries.length ? scannedTo : undefined, !narrow, !narrow && !failing);
        health.ok();
        if (failing && attempted.some((entry) => entry.id === failing!.eventId)) failing = undefined;
        // The read saw the head and the batch reached it: anything newer was appended after the read
        // and wakes it (a wake during the batch is kept), so reading again now would find nothing.
        if (!ahead && head && attempted.length === entries.length && comparePositions(head, checkpoint.position) <= 0) {
          live = true;
          await rest(head);
        }
      } catch (error) {
        ahead = undefined;
        if (!running) break;
        if (error instanceof CheckpointMovedError) {
          options.onError?.(error, { subscription: options.name, attempt: 0, parked: false });
          await reload().catch(() => undefined);
          continue;
        }
        const relevant = attempted.filter((entry) => matches(options.filter, entry));
        // Reading, or the checkpoint, or the database under the handler: not the event's fault.
        if (relevant.length === 0 || isTransientFault(error)) {
          await pauser.pause(health.fault(error));
          continue;
        }
        if (relevant.length > 1) {
          options.onError?.(error, { subscription: options.name, attempt: 0, parked: false });
          narrowUntil = attempted[attempted.length - 1]!.position;
          continue;
        }
        const entry = relevant[0]!;
        failing = failing?.eventId === entry.id ? { eventId: entry.id, count: failing.count + 1 } : { eventId: entry.id, count: 1 };
        const parked = failing.count >= maxAttempts;
        options.onError?.(error, { subscription: options.name, eventId: entry.id, attempt: failing.count, parked });
        if (!parked) {
          await backOff(backoffMs(failing.count, maxBackoffMs));
          continue;
        }
        try {
          await park(entry, failing.count, error);
          failing = undefined;
        } catch (parkError) {
          if (!running) break;
          if (parkError instanceof CheckpointMovedError) await reload().catch(() => undefined);
          else await pauser.pause(health.fault(parkError));
        }
      }
    }
  };

  const done = loop()
    // A skip not stored yet is stored on the way out; failing that, the next start reads those events again.
    .then(() => (skipPending() ? storeSkip().catch(() => undefined) : undefined))
    .catch((error) => {
      options.onError?.(error, { subscription: options.name, attempt: 0, parked: false });
    });

  return subscriptionHandle(
    options.name,
    checkpoint,
    () => live,
    async () => {
      running = false;
      stopped.abort();
      unlisten();
      pauser.wake();
      await done;
    },
  );
}
