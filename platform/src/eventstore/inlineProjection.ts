import type { Knex } from 'knex';
import type { ReadCommitted, RecordedEvent } from './types';

export type { ReadCommitted } from './types';

/**
 * Read models kept in the append's own transaction (Marten's inline lifecycle): an append whose
 * events one of them handles commits the events and the rows together, so a read right after the
 * command sees them without waiting for any subscriber. Only the PostgreSQL store can offer it: the
 * read models must live in the database the events are written to.
 */
export interface InlineProjection {
  /** The read models it keeps: nobody subscribes for them, since the appends keep them. */
  readonly names: readonly string[];
  /** Whether an event of this type changes an inline read model; appends of none of them stay one statement. */
  handles(type: string): boolean;
  /**
   * Runs before the append's transaction, with the events as they will be recorded (positions not
   * yet known): what projecting them needs from outside that transaction (the vault's keys), read
   * while no connection is held, so appends waiting for their second connection can never take the
   * whole pool. Its answer is handed to `project`.
   */
  prepare(events: readonly RecordedEvent[]): Promise<unknown>;
  /**
   * The advisory locks its read models take SHARED for an append of these types, in this order
   * (one order for everyone, so two appends never wait for each other in a circle). The store takes
   * them first in the append's transaction, in the statement that appends, before anything is
   * written: the transaction has no id yet and holds no reader's horizon back while it waits.
   */
  locks(types: readonly string[]): { space: number; keys: readonly string[] };
  /** Runs after the insert, in the same transaction, with the events as recorded (their positions read back). */
  project(events: readonly RecordedEvent[], trx: Knex.Transaction, prepared: unknown): Promise<void>;
  /**
   * Brings the read models up to the end of the log where they were not kept inline before (a
   * subscription kept them, or they are new); the store runs it once, before this process appends.
   */
  adopt(knex: Knex, readCommitted: ReadCommitted): Promise<void>;
}
