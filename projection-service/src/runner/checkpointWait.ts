import { setTimeout as sleep } from 'node:timers/promises';
import type { GlobalPosition, Knex } from '@cc/platform';

/**
 * Read-your-writes for a process that does not run the projectors itself (the gateway and the
 * command service of the split topology): waits until every named projector's checkpoint in the
 * shared database has passed `position`. A checkpoint moves in the transaction of the read-model
 * change it covers, so once it has passed, a read sees the write, whichever process projected it.
 */
export function checkpointWaiter(knex: Knex, names: readonly string[], pollMs = 20) {
  const passed = async (position: GlobalPosition, waited: readonly string[]) => {
    const row = (
      await knex('subscription_checkpoints')
        .whereIn('name', [...waited])
        .andWhereRaw('(tx_id, seq) >= (?::xid8, ?::bigint)', [position.txId.toString(), position.seq.toString()])
        .count<{ count: string }[]>('* as count')
    )[0];
    return Number(row?.count ?? 0) >= waited.length;
  };
  /** `only`: wait for these of the names (those of the read models the next read needs). */
  return async (position: GlobalPosition, timeoutMs: number, only: readonly string[] = names): Promise<void> => {
    const waited = names.filter((name) => only.includes(name));
    if (waited.length === 0) return;
    const deadline = Date.now() + timeoutMs;
    while (!(await passed(position, waited))) {
      if (Date.now() >= deadline) throw new Error(`the read models did not reach the position within ${timeoutMs} ms`);
      await sleep(pollMs);
    }
  };
}
