import type { Knex } from 'knex';
import {
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionFilter,
} from '../eventstore/types';

export interface CatchUpSource {
  /** Database holding the checkpoints and whatever the handler writes. */
  knex: Knex;
  readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]>;
  onAppended(listener: () => void): () => void;
  options: SubscribeOptions;
}

class CheckpointMovedError extends Error {}

function matches(filter: SubscriptionFilter | undefined, event: RecordedEvent): boolean {
  if (!filter) return true;
  if (filter.types && !filter.types.includes(event.type)) return false;
  if (filter.streamPrefix && !event.streamId.startsWith(filter.streamPrefix)) return false;
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadCheckpoint(knex: Knex, name: string, initial: GlobalPosition): Promise<GlobalPosition> {
  await knex.raw(
    'insert into subscription_checkpoints (name, tx_id, seq) values (?, ?::xid8, ?) on conflict (name) do nothing',
    [name, initial.txId.toString(), initial.seq.toString()],
  );
  const row = await knex('subscription_checkpoints').where({ name }).first(knex.raw('tx_id::text as tx, seq::text as seq'));
  return { txId: BigInt(row.tx), seq: BigInt(row.seq) };
}

/** Compare-and-set: only the subscriber that read `from` may move the checkpoint to `to`. */
async function moveCheckpoint(trx: Knex.Transaction, name: string, from: GlobalPosition, to: GlobalPosition): Promise<void> {
  const result = (await trx.raw(
    `update subscription_checkpoints set tx_id = ?::xid8, seq = ?, updated_at = now()
     where name = ? and tx_id = ?::xid8 and seq = ?`,
    [to.txId.toString(), to.seq.toString(), name, from.txId.toString(), from.seq.toString()],
  )) as { rowCount: number };
  if (result.rowCount !== 1) throw new CheckpointMovedError(`Checkpoint of ${name} was moved by another subscriber`);
}

/**
 * A catch-up subscription over any event source: reads the global log after its checkpoint, hands
 * each batch to the handler inside the transaction that moves the checkpoint, and waits for the next
 * append (or the poll interval) when it has caught up. A batch that fails is retried one event at a
 * time; an event that fails `maxAttempts` times is parked in `subscription_dead_letters` and skipped.
 */
export function runCatchUpSubscription(source: CatchUpSource): Subscription {
  const { knex, options } = source;
  const batchSize = options.batchSize ?? 200;
  const maxAttempts = options.maxAttempts ?? 5;
  const pollIntervalMs = options.pollIntervalMs ?? 500;

  let running = true;
  let live = false;
  let checkpoint: GlobalPosition = START;
  let wake: (() => void) | undefined;
  const waiters = new Set<{ position: GlobalPosition; resolve: () => void }>();

  const unlisten = source.onAppended(() => wake?.());

  const settleWaiters = () => {
    for (const waiter of waiters) {
      if (comparePositions(checkpoint, waiter.position) >= 0) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const commit = async (events: RecordedEvent[]) => {
    const last = events[events.length - 1]!;
    const relevant = events.filter((event) => matches(options.filter, event));
    await knex.transaction(async (trx) => {
      if (relevant.length > 0) await options.handle(relevant, trx);
      await moveCheckpoint(trx, options.name, checkpoint, last.position);
    });
    checkpoint = last.position;
    settleWaiters();
  };

  const park = async (event: RecordedEvent, attempts: number, error: unknown) => {
    await knex.transaction(async (trx) => {
      await trx.raw(
        `insert into subscription_dead_letters (subscription, event_id, stream_id, type, tx_id, seq, attempts, error)
         values (?, ?, ?, ?, ?::xid8, ?, ?, ?) on conflict (subscription, event_id) do nothing`,
        [
          options.name,
          event.id,
          event.streamId,
          event.type,
          event.position.txId.toString(),
          event.position.seq.toString(),
          attempts,
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        ],
      );
      await moveCheckpoint(trx, options.name, checkpoint, event.position);
    });
    checkpoint = event.position;
    settleWaiters();
  };

  const loop = async () => {
    checkpoint = await loadCheckpoint(knex, options.name, options.after ?? START);
    settleWaiters();
    let narrow = false;
    let attempts = 0;
    while (running) {
      let events: RecordedEvent[] = [];
      try {
        events = await source.readAll(checkpoint, narrow ? 1 : batchSize);
        if (events.length === 0) {
          live = true;
          await idle();
          continue;
        }
        await commit(events);
        narrow = false;
        attempts = 0;
      } catch (error) {
        if (!running) break;
        if (error instanceof CheckpointMovedError) {
          options.onError?.(error, { subscription: options.name, eventId: events[0]?.id, attempt: 0, parked: false });
          checkpoint = await loadCheckpoint(knex, options.name, options.after ?? START).catch(() => checkpoint);
          settleWaiters();
          continue;
        }
        attempts += 1;
        const head = events[0];
        const parked = narrow && head !== undefined && attempts >= maxAttempts;
        options.onError?.(error, { subscription: options.name, eventId: head?.id, attempt: attempts, parked });
        if (parked && head) {
          await park(head, attempts, error).catch(() => undefined);
          narrow = false;
          attempts = 0;
          continue;
        }
        // Narrow down to the first event of the batch so one bad event cannot hold back the others.
        if (head) narrow = true;
        await sleep(Math.min(50 * 2 ** attempts, 5000));
      }
    }
  };

  const done = loop().catch((error) => {
    options.onError?.(error, { subscription: options.name, attempt: 0, parked: false });
  });

  return {
    name: options.name,
    position: () => checkpoint,
    isLive: () => live,
    waitFor(position, timeoutMs) {
      if (comparePositions(checkpoint, position) >= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          position,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${options.name} did not reach the position within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      running = false;
      unlisten();
      wake?.();
      await done;
    },
  };
}
