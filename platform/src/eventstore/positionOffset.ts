import type { Knex } from 'knex';

export interface PositionAlignment {
  /** Added to every transaction id the store hands out (0 unless the database was restored). */
  offset: bigint;
  /** Set when this start raised the offset: the offset before. */
  raisedFrom?: bigint;
  /** The newest stored transaction id, when there was one. */
  newest?: bigint;
}

const idFunction = (offset: bigint) =>
  offset === 0n ? ' select pg_current_xact_id() ' : ` select (pg_current_xact_id()::text::numeric + ${offset})::text::xid8 `;
/**
 * The shared advisory lock `events_will_not_append()` holds (migration 0006); "EVNA", 0. Two int4
 * keys, so `pg_locks` shows it with objsubid 2 and no bigint-keyed lock can share its tag.
 */
export const NO_APPEND_LOCK = { classid: 0x45564e41, objid: 0 } as const;

/**
 * The visibility horizon: the oldest transaction still running that may be appending here. That is
 * the snapshot's xmin, except that two kinds of running transaction ids are passed over. Those held
 * by sessions of *other* databases: ids are cluster-wide, so an open transaction in another
 * database (a neighbour on a shared server; another test's database) would otherwise hold every
 * subscriber of this one back; `pg_locks` proves it when the holder holds a relation lock there (a
 * session can lock only its own database's relations and shared ones). And those whose holder said
 * `events_will_not_append()` (a projector's batch): it said so before it had an id and the database
 * refuses it an append afterwards, so nothing it writes is an event. An id whose holder is not found
 * (it just ended, or is prepared) still counts, since our snapshot may not see what it wrote. With
 * nothing running the horizon is the snapshot's xmax, which is what xmin is then too; `pg_locks` is
 * only read when something is running.
 */
const LOCAL_HORIZON = `case
    when pg_snapshot_xmin(s) = pg_snapshot_xmax(s) then pg_snapshot_xmax(s)
    else coalesce(
      (select min(x) from pg_snapshot_xip(s) x
        where not exists (
          select 1 from pg_locks t join pg_locks r on r.virtualtransaction = t.virtualtransaction
          where t.locktype = 'transactionid' and t.transactionid = x::xid
            and ((r.locktype = 'relation' and r.database <> 0
                  and r.database <> (select oid from pg_database where datname = current_database()))
              or (r.locktype = 'advisory' and r.granted and r.objsubid = 2
                  and r.classid = ${NO_APPEND_LOCK.classid} and r.objid = ${NO_APPEND_LOCK.objid})))),
      pg_snapshot_xmax(s))
  end`;
const horizonFunction = (offset: bigint) =>
  offset === 0n
    ? ` select ${LOCAL_HORIZON} from pg_current_snapshot() s `
    : ` select ((${LOCAL_HORIZON})::text::numeric + ${offset})::text::xid8 from pg_current_snapshot() s `;

/**
 * Keeps global positions increasing after a dump and restore (docs/decisions/event-store.md). Positions are
 * transaction ids, and a new cluster hands out ids far below the restored ones, so new events
 * would sort before old ones and subscribers past them would never see them. At start, when the
 * newest stored id is not below the ids this cluster now hands out (plus the offset already in
 * force), the offset is raised so that even the oldest transaction still running gets an id above
 * it; new events get `id + offset`, and readers' visibility horizon moves by the same amount.
 * Runs in one transaction under a lock, so concurrent starts agree; idempotent.
 */
export async function alignPositions(knex: Knex): Promise<PositionAlignment> {
  return knex.transaction(async (trx) => {
    await trx.raw('lock table event_store_position_offset in exclusive mode');
    const { rows } = (await trx.raw(`
      select o.transaction_id_offset::text as offset,
             (select max(transaction_id)::text from events) as newest,
             pg_current_xact_id()::text as current,
             pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
             (select prosrc from pg_proc where oid = 'events_transaction_id()'::regprocedure) as id_source,
             (select prosrc from pg_proc where oid = 'events_readable_before()'::regprocedure) as horizon_source
      from event_store_position_offset o`)) as {
      rows: { offset: string; newest: string | null; current: string; horizon: string; id_source: string; horizon_source: string }[];
    };
    const row = rows[0]!;
    const before = BigInt(row.offset);
    const newest = row.newest === null ? undefined : BigInt(row.newest);
    let offset = before;
    if (newest !== undefined && newest >= BigInt(row.current) + before) offset = newest - BigInt(row.horizon) + 1n;
    if (offset !== before) {
      await trx.raw('update event_store_position_offset set transaction_id_offset = ?::numeric, updated_at = now()', [offset.toString()]);
    }
    // Also when only the functions disagree with the table (a restore that recreated the schema).
    if (row.id_source !== idFunction(offset) || row.horizon_source !== horizonFunction(offset)) {
      await trx.raw(`create or replace function events_transaction_id() returns xid8 language sql volatile as $$${idFunction(offset)}$$`);
      await trx.raw(
        `create or replace function events_readable_before() returns xid8 language sql stable as $$${horizonFunction(offset)}$$`,
      );
    }
    return { offset, newest, ...(offset !== before ? { raisedFrom: before } : {}) };
  });
}
