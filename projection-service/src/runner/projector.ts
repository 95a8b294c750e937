import type { Knex } from 'knex';
import type { RecordedEvent } from '@cc/platform';

/** Turns events into rows of one read model. Runs inside the transaction that moves its checkpoint. */
export interface Projector {
  /** Stable name; with the version it names the checkpoint. */
  name: string;
  /** Raise it when the projection's output changes shape, so it is rebuilt from the beginning. */
  version: number;
  handles: readonly string[];
  /**
   * Every table this projector writes, and no other projector writes: a rebuild builds new copies
   * of exactly these from position 0 and swaps them in. A rebuild fails (and changes nothing) when
   * the projector touches a table it does not declare, so a wrong list cannot go unnoticed.
   */
  tables: readonly string[];
  project(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
}
