/**
 * What removing every plain copy costs an account erasure (docs/decisions/privacy-and-erasure.md): the purge of dead
 * row versions and old WAL (`deadCopyPurge`: VACUUM FULL of every table but `events`, a WAL switch
 * and a checkpoint) on read models of a given size, against the erasure's own deletes; and the
 * longest a read waits meanwhile (each table is locked while it is rewritten), against the same
 * reads without a purge.
 */
import { projectionMigrations } from '@cc/projection-service';
import { createLogger } from '../platform/src/logger';
import { createKnex } from '../platform/src/db/knex';
import { migrate } from '../platform/src/db/migrations';
import { deadCopyPurge } from '../platform/src/db/deadCopies';
import { personalDataMigrations } from '../platform/src/crypto/personalDataVault';
import { eventStoreMigrations } from '../platform/src/eventstore/postgresMigrations';
import { size, type BenchContext, type BenchRow, type BenchSuite } from './harness';

const TEXT = 'Buddy statement from the platoon sergeant about the fall at Camp Lejeune; knee instability since. ';

/** Read models for `users` people, each with 3 claims, 30 history entries, 20 activities and 20 notifications. */
async function fill(knex: ReturnType<typeof createKnex>, users: number): Promise<void> {
  await knex.raw(`create temporary table bench_users as select gen_random_uuid() as user_id, n from generate_series(1, ?) n`, [users]);
  await knex.raw(
    `
    insert into claims (claim_id, user_id, claim_number, condition, condition_type, status, priority, progress, next_action, filed_at, updated_at)
    select gen_random_uuid(), u.user_id, '2026-' || u.n || '-' || c, 'Knee instability ' || u.n, 'primary', 'submitted', 'normal', 10, ?, now(), now()
    from bench_users u, generate_series(1, 3) c`,
    [TEXT],
  );
  await knex.raw(
    `
    insert into claim_history (event_id, claim_id, owner_id, type, title, description, changes, at, position_tx, position_seq)
    select gen_random_uuid(), gen_random_uuid(), u.user_id, 'ClaimNoteAdded', 'Note added', ?, '[]', now(), '1'::xid8, u.n * 100 + h
    from bench_users u, generate_series(1, 30) h`,
    [TEXT],
  );
  await knex.raw(
    `
    insert into activities (id, user_id, type, title, description, created_at)
    select gen_random_uuid(), u.user_id, 'note', 'Note added', ?, now() from bench_users u, generate_series(1, 20)`,
    [TEXT],
  );
  await knex.raw(
    `
    insert into notifications (id, user_id, kind, title, body, created_at)
    select gen_random_uuid(), u.user_id, 'claim-status', 'Claim updated', ?, now() from bench_users u, generate_series(1, 20)`,
    [TEXT],
  );
  await knex.raw('analyze');
}

/** Runs a read of one user's claims in a loop until `done`; answers the longest single read. */
async function longestRead(url: string, userId: string, done: Promise<unknown>): Promise<number> {
  const reader = createKnex(url, { max: 1 });
  let finished = false;
  void done.finally(() => (finished = true));
  let longest = 0;
  try {
    while (!finished) {
      const started = performance.now();
      await reader('claims').where({ user_id: userId }).count('* as n');
      longest = Math.max(longest, performance.now() - started);
    }
  } finally {
    await reader.destroy();
  }
  return longest;
}

async function purgeCost(ctx: BenchContext): Promise<BenchRow[]> {
  const url = await ctx.createDatabase();
  const knex = createKnex(url, { max: 4 });
  try {
    await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(knex, 'projection', projectionMigrations);
    const users = size(ctx, 20_000, 200);
    await fill(knex, users);
    const bytes = Number(
      (
        await knex.raw(
          `select sum(pg_total_relation_size(c.oid))::bigint as b from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'events'`,
        )
      ).rows[0].b,
    );
    const mb = (bytes / 1024 / 1024).toFixed(0);
    ctx.log(`erasure: read models of ${users} people, ${mb} MB of tables`);
    const someone = (await knex('claims').first('user_id')).user_id as string;
    const erased = (await knex('claims').whereNot({ user_id: someone }).first('user_id')).user_id as string;

    // Baseline: the erasure's own work on the read models, the deletes of one person's rows.
    const deleteStart = performance.now();
    for (const [table, column] of [
      ['claims', 'user_id'],
      ['claim_history', 'owner_id'],
      ['activities', 'user_id'],
      ['notifications', 'user_id'],
    ] as const) {
      await knex(table)
        .where({ [column]: erased })
        .del();
    }
    const deleteMs = performance.now() - deleteStart;

    const quiet = await longestRead(url, someone, new Promise((resolve) => setTimeout(resolve, 2000)));
    const purge = deadCopyPurge({ connectionString: url, logger: createLogger('silent') }).purge();
    const [result, duringPurge] = await Promise.all([purge, longestRead(url, someone, purge)]);
    ctx.log(
      `erasure: purge of ${result.tables} tables in ${(result.ms / 1000).toFixed(1)} s (WAL moved on: ${result.wal}); longest read ${duringPurge.toFixed(0)} ms during it, ${quiet.toFixed(0)} ms without`,
    );
    return [
      {
        figure: `erasure: purge of dead row versions and old WAL, ${mb} MB of read models (${users} people)`,
        value: `${(result.ms / 1000).toFixed(2)} s`,
        baseline: `${deleteMs.toFixed(0)} ms deletes alone`,
        ratio: result.ms / deleteMs,
        target: '≤ 5 s (the erasure answers after it)',
        ok: result.ms <= 5000,
      },
      {
        figure: "erasure: longest wait of a read of one person's claims during the purge",
        value: `${duringPurge.toFixed(0)} ms`,
        baseline: `${quiet.toFixed(0)} ms without a purge`,
        ratio: duringPurge / Math.max(1, quiet),
        target: '≤ 1000 ms',
        ok: duringPurge <= 1000,
      },
    ];
  } finally {
    await knex.destroy();
  }
}

export const erasureBench: BenchSuite = {
  name: 'erasure',
  run: (ctx) => purgeCost(ctx),
};
