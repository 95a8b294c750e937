import type { Knex } from 'knex';
import type { AdvisoryLock, CommitGroup, GroupBatch, RecordedEvent, TrailingWrite } from '../eventstore/types';
import { checkpointMoves, writeAlone } from './checkpoints';

export type { CommitGroup, GroupBatch };

/**
 * Every batch of one transaction, handled together: each part's events are its subscriber's. The
 * handler may send `checkpoints` (every part's compare-and-set) within its last write; when it
 * does not, the group sends it after.
 */
export type HandleTogether = (
  parts: readonly { name: string; events: RecordedEvent[] }[],
  trx: Knex.Transaction,
  checkpoints: TrailingWrite,
) => Promise<void>;

/** A lock of the group was held elsewhere: nobody waits for it with the others' batches open. */
class LockHeldElsewhere extends Error {}

const byLock = (a: AdvisoryLock, b: AdvisoryLock) => a.space - b.space || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * One transaction for the batches of every subscriber of a group that asks to commit at about the
 * same time. An append concerns several projectors of one process; they read it together
 * (SharedReads) and each committed its batch in its own transaction: the promise and lock, the
 * read of its tables, the write, the checkpoint and the commit, five statements per projector per
 * append, and the process's cost is the number of statements it sends. Batches asked in the same
 * turn of the event loop commit as one: one statement for every lock (sorted) with the promise to
 * append nothing, one `handle` for all of them (it may read and write every subscriber's tables at
 * once), every checkpoint moved by compare-and-set (a clause of the handler's last write when it
 * writes, a statement of its own when it does not), one commit.
 *
 * Whatever fails in that transaction (a handler, a checkpoint moved by another process, a lock held
 * elsewhere, the database) rolls it back and every member commits its batch alone, as it would
 * without a group: retries one event at a time, dead letters, backoff and health are the
 * subscriber's own, unchanged. A batch asked alone commits alone too (nothing to share).
 */
export class SharedCommits implements CommitGroup {
  private queued: { batch: GroupBatch; resolve(together: boolean): void }[] = [];
  private scheduled = false;
  /** Transactions it committed, the batches in them, and transactions that fell back (for tests and the bench). */
  readonly counts = { transactions: 0, batches: 0, fallbacks: 0 };

  constructor(
    private readonly handle: HandleTogether,
    /** Told why a combined transaction failed (its members then commit alone). */
    private readonly onFallback?: (error: unknown, members: readonly string[]) => void,
  ) {}

  commit(batch: GroupBatch): Promise<boolean> {
    return new Promise((resolve) => {
      this.queued.push({ batch, resolve });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the current turn: every subscriber a shared read answered in it has asked by then.
      setImmediate(() => {
        this.scheduled = false;
        void this.round();
      });
    });
  }

  private async round(): Promise<void> {
    const requests = this.queued;
    this.queued = [];
    if (requests.length < 2) {
      for (const request of requests) request.resolve(false);
      return;
    }
    const batches = requests.map((request) => request.batch);
    try {
      await this.together(batches);
      this.counts.transactions += 1;
      this.counts.batches += batches.length;
    } catch (error) {
      this.counts.fallbacks += 1;
      this.onFallback?.(
        error,
        batches.map((batch) => batch.name),
      );
      for (const request of requests) request.resolve(false);
      return;
    }
    for (const request of requests) request.resolve(true);
  }

  private async together(batches: readonly GroupBatch[]): Promise<void> {
    const first = batches[0]!;
    // Tried, never waited for (a swap holding one would hold every member back), in one order.
    const locks = batches.flatMap((batch) => (batch.lock ? [batch.lock] : [])).sort(byLock);
    await first.knex.transaction(async (trx) => {
      if (!(await first.begin(trx, locks))) throw new LockHeldElsewhere('A lock of the group is held elsewhere');
      const moves = checkpointMoves(batches.map(({ name, from, to }) => ({ name, from, to })));
      let moved = false;
      await this.handle(
        batches.map((batch) => ({ name: batch.name, events: batch.events })),
        trx,
        {
          ...moves,
          check: (rowCount) => {
            moves.check(rowCount);
            moved = true;
          },
        },
      );
      for (const batch of batches) batch.handled();
      if (!moved) await writeAlone(trx, moves);
    });
  }
}
