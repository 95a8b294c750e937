import type { Knex } from 'knex';
import type { GlobalPosition, LogEntry, TrailingWrite } from '../eventstore/types';

/** Another instance of the same subscriber moved the checkpoint first. */
export class CheckpointMovedError extends Error {}

export async function loadCheckpoint(knex: Knex, name: string, initial: GlobalPosition): Promise<GlobalPosition> {
  await knex.raw('insert into subscription_checkpoints (name, tx_id, seq) values (?, ?::xid8, ?) on conflict (name) do nothing', [
    name,
    initial.txId.toString(),
    initial.seq.toString(),
  ]);
  const row = await knex('subscription_checkpoints').where({ name }).first(knex.raw('tx_id::text as tx, seq::text as seq'));
  return { txId: BigInt(row.tx), seq: BigInt(row.seq) };
}

/** Compare-and-set: only the subscriber that read `from` may move the checkpoint to `to`. */
export async function moveCheckpoint(trx: Knex | Knex.Transaction, name: string, from: GlobalPosition, to: GlobalPosition): Promise<void> {
  await writeAlone(trx, checkpointMoves([{ name, from, to }]));
}

/**
 * Several subscribers' compare-and-set in one statement (batches committed together), as a write a
 * handler may send within its own (`TrailingWrite`): every one moves, or `check` throws and the
 * caller's transaction rolls back.
 */
export function checkpointMoves(moves: readonly { name: string; from: GlobalPosition; to: GlobalPosition }[]): TrailingWrite {
  const text = (positions: GlobalPosition[], part: 'txId' | 'seq') => positions.map((position) => position[part].toString());
  const froms = moves.map((move) => move.from);
  const tos = moves.map((move) => move.to);
  return {
    what: 'moving the checkpoints',
    sql: `update subscription_checkpoints c set tx_id = m.tx_id, seq = m.seq, updated_at = now()
     from unnest(?::text[], ?::xid8[], ?::bigint[], ?::xid8[], ?::bigint[]) as m(name, from_tx_id, from_seq, tx_id, seq)
     where c.name = m.name and c.tx_id = m.from_tx_id and c.seq = m.from_seq`,
    bindings: [moves.map((move) => move.name), text(froms, 'txId'), text(froms, 'seq'), text(tos, 'txId'), text(tos, 'seq')],
    check(rowCount) {
      if (rowCount === moves.length) return;
      const names = moves.map((move) => move.name).join(', ');
      throw new CheckpointMovedError(`${moves.length === 1 ? 'Checkpoint' : 'A checkpoint'} of ${names} was moved by another subscriber`);
    },
  };
}

/** A trailing write no handler sent: as a statement of its own. */
export async function writeAlone(trx: Knex | Knex.Transaction, write: TrailingWrite): Promise<void> {
  const result = (await trx.raw(write.sql, write.bindings as Knex.RawBinding[])) as { rowCount: number };
  write.check(result.rowCount);
}

/**
 * Forward only: for subscribers whose effects are idempotent rather than transactional (workers),
 * two instances may both move it, and it never goes back.
 */
export async function advanceCheckpoint(knex: Knex, name: string, to: GlobalPosition): Promise<void> {
  await knex.raw(
    `update subscription_checkpoints set tx_id = ?::xid8, seq = ?, updated_at = now()
     where name = ? and (tx_id, seq) < (?::xid8, ?::bigint)`,
    [to.txId.toString(), to.seq.toString(), name, to.txId.toString(), to.seq.toString()],
  );
}

/** Records an event its subscriber gave up on, for the support page. */
export async function insertDeadLetter(
  trx: Knex | Knex.Transaction,
  name: string,
  entry: LogEntry,
  attempts: number,
  error: unknown,
): Promise<void> {
  await trx.raw(
    `insert into subscription_dead_letters (subscription, event_id, stream_id, type, tx_id, seq, attempts, error)
     values (?, ?, ?, ?, ?::xid8, ?, ?, ?) on conflict (subscription, event_id) do nothing`,
    [
      name,
      entry.id,
      entry.streamId,
      entry.type,
      entry.position.txId.toString(),
      entry.position.seq.toString(),
      attempts,
      error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    ],
  );
}
