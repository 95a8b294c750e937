import pg from 'pg';
import type { Logger } from '../logger';
import type { Migration } from './migrations';

export const deadCopyMigrations: Migration[] = [
  {
    name: '0004_dead_copy_purges',
    async up(knex) {
      await knex.raw(`
        -- One row per purge of dead row versions and old WAL (deadCopies.ts); a purge that started
        -- after a deletion was done covers it, so simultaneous erasures share one purge.
        create table dead_copy_purges (
          id bigserial primary key,
          started_at timestamptz not null,
          finished_at timestamptz,
          tables integer,
          wal boolean
        );
      `);
    },
  },
];

/** Waits this long for a table's exclusive lock before trying again, so a long reader never queues every request behind the purge. */
const LOCK_TIMEOUT_MS = 2_000;
const LOCK_ATTEMPTS = 10;

export interface PurgeResult {
  /** A purge that started after the call covered it, so this one did nothing. */
  shared: boolean;
  tables: number;
  /** Whether the WAL was moved past the deleted rows (needs the right to switch WAL and checkpoint). */
  wal: boolean;
  ms: number;
}

/**
 * Removes the copies PostgreSQL keeps of deleted and overwritten rows (docs/decisions/privacy-and-erasure.md). A DELETE
 * only marks a row dead: its bytes stay in the table's pages (and in its indexes, which VACUUM
 * does not clean byte for byte), and every row ever written stays in the WAL until the segment
 * is recycled (and a recycled segment keeps its old bytes until it is overwritten). After an
 * account erasure has deleted the user's rows:
 * - every table but `events` (append-only, and holding only sealed personal data) is rewritten
 *   with `VACUUM FULL`, table by table, so its files hold live rows only; each waits at most
 *   `LOCK_TIMEOUT_MS` for its lock and tries again, so a long reader never makes every request
 *   queue behind the purge;
 * - the WAL is switched to a new segment and a checkpoint taken, after which PostgreSQL removes
 *   the segments that held the deleted rows (with `wal_recycle = off`, which the embedded cluster
 *   sets; otherwise a segment is renamed for reuse and keeps its bytes until overwritten).
 * Purges are serialised across processes with an advisory lock; one that started after a call
 * covers it. On a server where the app may not switch WAL or checkpoint (a managed one), the
 * tables are still rewritten and the WAL is left to the server's own recycling, with a warning.
 */
export function deadCopyPurge(deps: { connectionString: string; logger: Logger }) {
  let warnedWal = false;
  const warnOnce = (reason: string) => {
    if (warnedWal) return;
    warnedWal = true;
    deps.logger.warn({ reason }, 'after an erasure, old WAL segments keep copies of deleted rows until the database server recycles them');
  };

  const vacuumFull = async (client: pg.Client, table: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`vacuum full ${table}`);
        return;
      } catch (error) {
        // 55P03: lock_not_available (lock_timeout); a table dropped meanwhile (a rebuild's swap) is done.
        const code = (error as { code?: string }).code;
        if (code === '42P01') return;
        if (code !== '55P03' || attempt >= LOCK_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  };

  const moveWalOn = async (client: pg.Client): Promise<boolean> => {
    const recycle = (await client.query<{ wal_recycle: string }>('show wal_recycle')).rows[0]?.wal_recycle;
    try {
      await client.query('select pg_switch_wal()');
      await client.query('checkpoint');
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      warnOnce('no right to switch the WAL or take a checkpoint');
      return false;
    }
    if (recycle !== 'off') warnOnce('wal_recycle is on: a recycled segment keeps its old bytes until it is overwritten');
    return recycle === 'off';
  };

  return {
    async purge(): Promise<PurgeResult> {
      const started = Date.now();
      const client = new pg.Client({ connectionString: deps.connectionString });
      await client.connect();
      try {
        const asked = (await client.query<{ at: Date }>('select clock_timestamp() as at')).rows[0]!.at;
        await client.query("select pg_advisory_lock(hashtextextended('claims-copilot:dead-copy-purge', 0))");
        const covered = await client.query('select 1 from dead_copy_purges where started_at >= $1 and finished_at is not null limit 1', [
          asked,
        ]);
        if (covered.rowCount) return { shared: true, tables: 0, wal: false, ms: Date.now() - started };
        const run = (
          await client.query<{ id: string }>('insert into dead_copy_purges (started_at) values (clock_timestamp()) returning id::text')
        ).rows[0]!.id;
        await client.query(`set lock_timeout = ${LOCK_TIMEOUT_MS}`);
        const { rows } = await client.query<{ name: string }>(`
          select format('%I.%I', n.nspname, c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm')
            and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
            and not (n.nspname = current_schema() and c.relname = 'events')
          order by 1`);
        for (const { name } of rows) await vacuumFull(client, name);
        const wal = await moveWalOn(client);
        await client.query('update dead_copy_purges set finished_at = clock_timestamp(), tables = $2, wal = $3 where id = $1', [
          run,
          rows.length,
          wal,
        ]);
        return { shared: false, tables: rows.length, wal, ms: Date.now() - started };
      } finally {
        // Ending the session releases the advisory lock, whatever happened.
        await client.end().catch(() => undefined);
      }
    },
  };
}

export type DeadCopyPurge = ReturnType<typeof deadCopyPurge>;
