import type { Knex } from 'knex';
import type { RecordedEvent } from '@cc/platform';

/** Turns events into rows of one read model. Runs inside the transaction that moves its checkpoint. */
export interface Projector {
  /** Stable name; with the version it names the checkpoint. */
  name: string;
  /** Raise it when the projection's output changes shape, so it is rebuilt from the beginning. */
  version: number;
  handles: readonly string[];
  project(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
}
