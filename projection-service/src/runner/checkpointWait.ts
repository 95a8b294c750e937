import { setTimeout as sleep } from 'node:timers/promises';
import type { GlobalPosition, Knex } from '@cc/platform';

/** A projector's subscription as a waiter in another process knows it: its checkpoint's name and the types it handles. */
export interface WaitedSubscription {
  name: string;
  types: readonly string[];
}

/**
 * Read-your-writes for a process that does not run the projectors itself (the gateway and the
 * command service of the split topology): waits until every named projector has passed `position`.
 * A checkpoint moves in the transaction of the read-model change it covers, so once it has passed,
 * a read sees the write, whichever process projected it. A projector counts as passed too when no
 * event of a type it handles lies between its checkpoint and `position` and everything up to
 * `position` is readable: its read model already shows all of it. Projectors are not woken for
 * appends of types they do not handle, so their checkpoints pass such events only later.
 */
export function checkpointWaiter(knex: Knex, subscriptions: readonly WaitedSubscription[], pollMs = 20) {
  const passed = async (position: GlobalPosition, waited: readonly WaitedSubscription[]) => {
    const tx = position.txId.toString();
    const seq = position.seq.toString();
    const { rows } = (await knex.raw(
      `select count(*)::int as n
       from jsonb_to_recordset(?::jsonb) as w(name text, types text[])
       join subscription_checkpoints c on c.name = w.name
       where (c.tx_id, c.seq) >= (?::xid8, ?::bigint)
          or (?::xid8 < events_readable_before() and not exists (
                select 1 from events e
                where (e.transaction_id, e.global_position) > (c.tx_id, c.seq)
                  and (e.transaction_id, e.global_position) <= (?::xid8, ?::bigint)
                  and e.type = any(w.types)))`,
      [JSON.stringify(waited), tx, seq, tx, tx, seq],
    )) as { rows: { n: number }[] };
    return (rows[0]?.n ?? 0) >= waited.length;
  };
  /** `only`: wait for these of the names (those of the read models the next read needs). */
  return async (position: GlobalPosition, timeoutMs: number, only: readonly string[] = subscriptions.map((s) => s.name)): Promise<void> => {
    const waited = subscriptions.filter((subscription) => only.includes(subscription.name));
    if (waited.length === 0) return;
    const deadline = Date.now() + timeoutMs;
    while (!(await passed(position, waited))) {
      if (Date.now() >= deadline) throw new Error(`the read models did not reach the position within ${timeoutMs} ms`);
      await sleep(pollMs);
    }
  };
}
