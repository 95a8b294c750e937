import { setTimeout as sleep } from 'node:timers/promises';
import {
  START,
  comparePositions,
  type ConcurrentSubscribeOptions,
  type GlobalPosition,
  type LogEntry,
  type Subscription,
} from '../eventstore/types';
import { advanceCheckpoint, insertDeadLetter, loadCheckpoint } from './checkpoints';
import { CheckpointWaiters, IdleWait, Pauser, concerns, matches, subscriptionHandle, type CatchUpSource } from './core';
import { backoffMs, isTransientFault } from './faults';
import { SubscriptionHealth } from './health';

/**
 * Delivery for workers (docs/decisions/subscriptions.md): each event is handled outside any transaction, up to
 * `concurrency` at once, events of one stream one after another. The checkpoint is a contiguous
 * watermark: it moves past a position only when every event delivered up to there is handled (or
 * parked), so a crash redelivers exactly what was not answered. It only ever moves forward, so two
 * instances of one worker may run; handlers must be idempotent (at least once).
 *
 * Faults are told apart as in the catch-up subscription: transient ones are retried for as long as
 * they last; the same event failing in its handler `maxAttempts` times in a row is parked.
 */
export function runConcurrentSubscription(source: CatchUpSource, options: ConcurrentSubscribeOptions): Subscription {
  const { knex } = source;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const readLimit = Math.max(50, concurrency * 10);
  const maxAttempts = options.maxAttempts ?? 5;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const health = new SubscriptionHealth(options.name, maxBackoffMs, options.onStateChange);
  const pauser = new Pauser();
  // A reader waiting for a position wakes the subscriber: appends of types it does not handle did not.
  const checkpoint = new CheckpointWaiters(START, () => pauser.wake());
  const idle = new IdleWait(source, pollIntervalMs);
  const stopped = new AbortController();

  let running = true;
  let live = false;
  /** The reads since the last pause followed a wake (the first reads count as woken). */
  let woken = true;
  const unlisten = source.onAppended((appended) => {
    if (concerns(options.filter, appended)) pauser.wake();
  });
  const stoppable = (ms: number) => sleep(ms, undefined, { signal: stopped.signal }).catch(() => undefined);

  /** Delivered positions in log order; consecutive finished ones are merged into one. */
  const pending: { position: GlobalPosition; done: boolean }[] = [];
  const inFlight = new Set<Promise<void>>();
  const streamTails = new Map<string, Promise<void>>();
  let watermark: GlobalPosition = START;
  let flushing: Promise<void> | undefined;

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      while (comparePositions(watermark, checkpoint.position) > 0) {
        const to = watermark;
        try {
          await advanceCheckpoint(knex, options.name, to);
          health.ok();
          checkpoint.set(to);
        } catch (error) {
          if (!running) return;
          await pauser.pause(health.fault(error));
        }
      }
    })().finally(() => (flushing = undefined));
    return flushing;
  };

  const advance = () => {
    let moved: GlobalPosition | undefined;
    while (pending.length > 0 && pending[0]!.done) moved = pending.shift()!.position;
    if (moved) {
      watermark = moved;
      void flush();
    }
  };

  const passed = (position: GlobalPosition) => {
    const last = pending[pending.length - 1];
    if (last?.done) last.position = position;
    else pending.push({ position, done: true });
  };

  /** Something that is nobody's fault but has to happen: tried until it works or the subscriber stops. */
  const persistently = async (work: () => Promise<unknown>): Promise<boolean> => {
    while (running) {
      try {
        await work();
        health.ok();
        return true;
      } catch (error) {
        if (!running) return false;
        await pauser.pause(health.fault(error));
      }
    }
    return false;
  };

  /** True once the event is handled or parked; false when the subscriber stopped first. */
  const deliver = async (entry: LogEntry): Promise<boolean> => {
    let failures = 0;
    while (running) {
      try {
        if (entry.error) throw entry.error;
        await options.handle(entry.event, stopped.signal);
        health.ok();
        return true;
      } catch (error) {
        if (!running) return false;
        if (isTransientFault(error)) {
          await pauser.pause(health.fault(error));
          continue;
        }
        failures += 1;
        const parked = failures >= maxAttempts;
        options.onError?.(error, { subscription: options.name, eventId: entry.id, attempt: failures, parked });
        if (parked) return persistently(() => insertDeadLetter(knex, options.name, entry, failures, error));
        await stoppable(backoffMs(failures, maxBackoffMs));
      }
    }
    return false;
  };

  const dispatch = (entry: LogEntry) => {
    const item = { position: entry.position, done: false };
    pending.push(item);
    const before = streamTails.get(entry.streamId);
    const task: Promise<void> = (async () => {
      if (before) await before;
      if (await deliver(entry)) {
        item.done = true;
        advance();
      }
    })().finally(() => {
      inFlight.delete(task);
      if (streamTails.get(entry.streamId) === task) streamTails.delete(entry.streamId);
    });
    inFlight.add(task);
    streamTails.set(entry.streamId, task);
  };

  /**
   * A worker of some types reads only those, filtered by the store when it can (as a catch-up
   * subscriber does): every worker reading every event had each carry the whole log over the wire.
   * `scannedTo` says how far the read looked, so the watermark passes the other types' events too;
   * `head`, when the store gives it, tells a read that reached the end without reading again.
   */
  const types = options.filter?.types;
  const filterInStore = Boolean(source.readOfTypes && types && options.filter?.streamPrefix === undefined);
  const read = async (after: GlobalPosition): Promise<{ entries: LogEntry[]; scannedTo: GlobalPosition; head?: GlobalPosition }> => {
    if (filterInStore) return source.readOfTypes!(after, readLimit, types!);
    const entries = await source.readAll(after, readLimit);
    return { entries, scannedTo: entries.at(-1)?.position ?? after };
  };

  const loop = async () => {
    if (!(await persistently(async () => checkpoint.set(await loadCheckpoint(knex, options.name, options.after ?? START))))) return;
    watermark = checkpoint.position;
    let readFrom = checkpoint.position;
    while (running) {
      let page: Awaited<ReturnType<typeof read>>;
      try {
        // An append told before this read starts is in what it reads.
        pauser.forget();
        page = await read(readFrom);
        health.ok();
      } catch (error) {
        if (!running) return;
        await pauser.pause(health.fault(error));
        continue;
      }
      const { entries, scannedTo, head } = page;
      if (entries.length > 0) idle.reset();
      for (const entry of entries) {
        if (!matches(options.filter, entry)) {
          passed(entry.position);
          readFrom = entry.position;
          continue;
        }
        while (running && inFlight.size >= concurrency) await Promise.race(inFlight);
        if (!running) return;
        readFrom = entry.position;
        dispatch(entry);
      }
      if (comparePositions(scannedTo, readFrom) > 0) {
        passed(scannedTo);
        readFrom = scannedTo;
      }
      advance();
      // The read reached the head and found less than a page: anything newer was appended after it
      // started and wakes the worker (a wake meanwhile is kept), so reading again now finds nothing.
      const reachedHead = head !== undefined && entries.length < readLimit && comparePositions(head, readFrom) <= 0;
      if (entries.length === 0 || reachedHead) {
        live = true;
        // Only a hint: a failure to read the head just waits the whole interval.
        woken = await pauser.pause(await idle.next(readFrom, head, woken).catch(() => pollIntervalMs));
      }
    }
  };

  const done = loop().catch((error) => {
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
      await Promise.allSettled([...inFlight]);
      // What finished before the stop still moves the checkpoint, once, if the database lets it.
      await flushing;
      if (comparePositions(watermark, checkpoint.position) > 0) {
        await advanceCheckpoint(knex, options.name, watermark).then(
          () => checkpoint.set(watermark),
          () => undefined,
        );
      }
    },
  );
}
