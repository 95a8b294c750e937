import type { Knex } from 'knex';
import type { NotifyBatch } from '@cc/platform';
import { MAX_IDS_PER_USER, type ChangedRows } from './changedRows';
import { encodeNotices, mergeChanges, READ_MODEL_CHANGES_CHANNEL } from './notices';

/**
 * Tells every process of the deployment which users' rows of which read model a committed batch
 * changed (PostgreSQL NOTIFY on `read_model_changes`), so each one's change stream can tell its
 * signed-in users. Sent after the batch's transaction commits, never inside it: a NOTIFY in a
 * transaction holds the cluster-wide notify lock through that commit, which would queue every
 * inline append's commit behind the one before (see platform's appendNotifier.ts). A rolled-back
 * batch announces nothing.
 *
 * Batches that commit while a send is on its way are merged into the next one, so a busy projector
 * sends few notifications. Sends go through the NotifyBatch the event store uses, so an inline
 * append's notice and this one leave in one statement. A process that dies between a commit and its notification loses that
 * notice; a client that reconnects refetches what it shows, and the next change announces again.
 */
export class ReadModelChangeAnnouncer {
  private pending = new Map<string, ChangedRows>();
  private sending = false;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly notices: NotifyBatch,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Announces `changed` once `trx` has committed. */
  afterCommit(trx: Knex.Transaction, readModel: string, changed: ChangedRows): void {
    if (changed.size === 0) return;
    trx.executionPromise.then(
      () => this.announce(readModel, changed),
      () => undefined,
    );
  }

  announce(readModel: string, changed: ChangedRows): void {
    if (changed.size === 0) return;
    mergeChanges(this.pending, readModel, changed, MAX_IDS_PER_USER);
    if (this.sending) return;
    this.sending = true;
    this.done = this.drain();
  }

  /** Resolves once nothing is waiting to be sent (before the pool closes). */
  async settled(): Promise<void> {
    while (this.sending) await this.done;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        try {
          // Encoded when the statement goes: every read model a commit changed joins one notice.
          await this.notices.send(() => {
            const pending = this.pending;
            this.pending = new Map();
            return encodeNotices(pending).map((payload) => ({ channel: READ_MODEL_CHANGES_CHANNEL, payload }));
          });
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
