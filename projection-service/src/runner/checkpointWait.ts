import { setTimeout as sleep } from 'node:timers/promises';
import type { GlobalPosition, Knex } from '@cc/platform';

/**
 * Read-your-writes for a process that does not run the projectors itself (the gateway and the
 * command service of the split topology): waits until every named projector's checkpoint in the
 * shared database has passed `position`. A checkpoint moves in the transaction of the read-model
 * change it covers, so once it has passed, a read sees the write, whichever process projected it.
 */
export function checkpointWaiter(knex: Knex, names: readonly string[], pollMs = 20) {
  const passed = async (position: GlobalPosition) => {
    const row = (
      await knex('subscription_checkpoints')
        .whereIn('name', [...names])
        .andWhereRaw('(tx_id, seq) >= (?::xid8, ?::bigint)', [position.txId.toString(), position.seq.toString()])
        .count<{ count: string }[]>('* as count')
    )[0];
    return Number(row?.count ?? 0) >= names.length;
  };
  return async (position: GlobalPosition, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!(await passed(position))) {
      if (Date.now() >= deadline) throw new Error(`the read models did not reach the position within ${timeoutMs} ms`);
      await sleep(pollMs);
    }
  };
}
