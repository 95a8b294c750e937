import { randomUUID } from 'node:crypto';
import { claimCommands } from '@cc/command-service/claims/commands';
import { userCommands } from '@cc/command-service/users/commands';
import {
  createProjectionService,
  ProjectionRebuilder,
  projectionMigrations,
  readModelProjectors,
  type ReadModelProjector,
} from '@cc/projection-service';
import { createLogger, LocalObjectStorage, PersonalDataVault, PostgresEventStore, type Knex } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import os from 'node:os';
import { dumpTables, freshBuild, migrateAll } from '@cc/gateway/testing/readModels';

/*
 * The rebuild mechanism itself (projection-service/src/runner/rebuild.ts), driven directly: several
 * rebuilders on one database stand for several processes, a stopped one for one that died.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLAIM_TABLES = ['claims', 'claim_notes'];

/** The same projectors, the claims one slowed down so a rebuild lasts long enough to be interrupted, and counted. */
function projectorsWith(vault: PersonalDataVault, change: (claims: ReadModelProjector) => ReadModelProjector): ReadModelProjector[] {
  return readModelProjectors(vault).map((p) => (p.name === 'claims' ? change(p) : p));
}
/** Each event is counted and delayed where the projector takes it: `project`, or a set-based one's `open`. */
const slowed =
  (counter: { n: number }, ms = 4) =>
  (p: ReadModelProjector): ReadModelProjector => {
    const slow = async () => {
      counter.n += 1;
      await sleep(ms);
    };
    if ('project' in p)
      return {
        ...p,
        async project(event, trx) {
          await slow();
          await p.project(event, trx);
        },
      };
    return {
      ...p,
      async open(event) {
        await slow();
        return p.open(event);
      },
    };
  };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('rebuild: swap, restart, resume, start over', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  let claims: ReturnType<typeof claimCommands>;
  let live: ReturnType<typeof createProjectionService>;
  const owners: string[] = [];
  const filed: { userId: string; claimId: string }[] = [];
  const logger = createLogger('silent');

  const rebuilder = (projectors: ReadModelProjector[], extra: Partial<ConstructorParameters<typeof ProjectionRebuilder>[0]> = {}) =>
    new ProjectionRebuilder({
      knex: db.knex,
      store,
      projectors,
      readModelMigrations: projectionMigrations,
      logger,
      pollIntervalMs: 20,
      heartbeatMs: 100,
      staleAfterMs: 600,
      batchSize: 20,
      ...extra,
    });
  const rebuildRow = (id: string) => db.knex('projection_rebuilds').where({ rebuild_id: id }).first();
  const tableOid = async (table: string) => (await db.knex.raw(`select ?::regclass::oid as oid`, [table])).rows[0].oid as number;
  const caughtUp = async () => live.runner.waitFor(await store.headPosition(), 30_000);
  const fileMore = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const userId = owners[i % owners.length]!;
      const { claimId } = await claims.file(
        userId,
        { condition: `More ${i}`, conditionType: 'primary', nextAction: null, priority: 'normal' },
        { userId },
      );
      filed.push({ userId, claimId });
    }
  };
  const expectClaimsEqualFresh = async () => {
    await caughtUp();
    const tables = readModelProjectors(vault).flatMap((p) => [...p.tables]);
    expect(await dumpTables(db.knex, tables)).toEqual(await freshBuild(db.knex, tables));
  };

  beforeAll(async () => {
    db = await createTestDatabase('rebuilds');
    await migrateAll(db.knex);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    vault = new PersonalDataVault(db.knex);
    const users = userCommands({ store, vault });
    claims = claimCommands({ store, vault });
    for (let i = 0; i < 6; i++) {
      const userId = randomUUID();
      owners.push(userId);
      await users.register(
        {
          userId,
          personal: { email: `r${i}@example.org`, firstName: `R${i}`, lastName: 'Owner' },
          memberTier: 'pro',
          authMethod: 'password',
        },
        { userId },
      );
    }
    for (let i = 0; i < 60; i++) {
      const userId = owners[i % owners.length]!;
      const { claimId } = await claims.file(
        userId,
        { condition: `Condition ${i}`, conditionType: 'primary', nextAction: `Next ${i}`, priority: 'normal' },
        { userId },
      );
      filed.push({ userId, claimId });
      await claims.addNote(userId, claimId, { note: `Note ${i}`, noteType: 'general', isImportant: false }, { userId });
    }
    live = createProjectionService({
      knex: db.knex,
      store,
      vault,
      storage: new LocalObjectStorage(os.tmpdir()),
      logger,
      pollIntervalMs: 20,
    });
    live.runner.start();
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    await live.runner.stop();
    await store.close();
    await db.drop();
  });

  it('the swap brings the new tables up to what the live projector applied after the build caught up', async () => {
    let added = 0;
    const r = rebuilder(readModelProjectors(vault), {
      // The build has read to the end; before the swap, more is written and projected live.
      beforeSwap: async ({ attempt }) => {
        if (attempt > 1) return;
        const before = filed.length;
        await fileMore(5);
        added = filed.length - before;
        await caughtUp();
      },
    });
    const oldTable = await tableOid('claims');
    const { status } = await r.start('claims', { requestedBy: null, operator: 'test@host' });
    expect((await r.whenDone(status.id))!.state).toBe('swapped');
    expect(added).toBe(5);
    expect(await tableOid('claims')).not.toBe(oldTable);
    expect(Number((await db.knex('claims').count('* as n'))[0]!.n)).toBe(filed.length);
    await expectClaimsEqualFresh();
    await r.stop();
  }, 60_000);

  it('loads the new tables without their secondary indexes, then makes every index the live tables have', async () => {
    /** Each index of the claim tables in a schema, its definition without the schema's name. */
    const indexesIn = async (schema: string) =>
      (
        (await db.knex.raw(
          `select tablename, indexname, replace(indexdef, ' ON ' || schemaname || '.', ' ON ') as definition
           from pg_indexes where schemaname = ? and tablename = any(?::text[]) order by indexname`,
          [schema, CLAIM_TABLES],
        )) as { rows: { tablename: string; indexname: string; definition: string }[] }
      ).rows;
    const liveSchema = ((await db.knex.raw('select current_schema() as name')) as { rows: { name: string }[] }).rows[0]!.name;
    const live = await indexesIn(liveSchema);
    const keysAndUnique = live.filter((index) => index.definition.startsWith('CREATE UNIQUE INDEX'));
    expect(live.length).toBeGreaterThan(keysAndUnique.length);

    const r = rebuilder(projectorsWith(vault, slowed({ n: 0 })));
    const { status } = await r.start('claims', { requestedBy: null });
    await until(async () => Number((await rebuildRow(status.id)).processed) >= 40, 'the load to get going');
    const { schema_name: scratch } = await rebuildRow(status.id);
    // Mid-load, the scratch tables have only what the fold reads by and the data must keep.
    expect(await indexesIn(scratch)).toEqual(keysAndUnique);
    expect((await r.whenDone(status.id))!.state).toBe('swapped');
    expect(await indexesIn(liveSchema)).toEqual(live);
    expect((await rebuildRow(status.id)).deferred_indexes).toBeNull();
    await expectClaimsEqualFresh();
    await r.stop();
  }, 60_000);

  it('makes during the load the deferred indexes its pages look rows up by, so no page scans a whole scratch table', async () => {
    const tables = ['evidence_claims', 'evidence_documents', 'evidence_maps'];
    const indexesIn = async (schema: string) =>
      (
        (await db.knex.raw(
          `select replace(indexdef, ' ON ' || schemaname || '.', ' ON ') as definition from pg_indexes where schemaname = ? and tablename = any(?::text[]) order by indexname`,
          [schema, tables],
        )) as { rows: { definition: string }[] }
      ).rows.map((index) => index.definition);
    const liveSchema = ((await db.knex.raw('select current_schema() as name')) as { rows: { name: string }[] }).rows[0]!.name;
    const live = await indexesIn(liveSchema);
    // The evidence map reads each event's owner's rows: by user_id.
    const byOwner = live.filter((definition) => / USING btree \(user_id[,)]/.test(definition) && !definition.startsWith('CREATE UNIQUE'));
    expect(byOwner.length).toBeGreaterThan(0);

    const r = rebuilder(readModelProjectors(vault).map((p) => (p.name === 'evidence' ? slowed({ n: 0 })(p) : p)));
    const { status } = await r.start('evidence', { requestedBy: null });
    await until(async () => Number((await rebuildRow(status.id)).processed) >= 40, 'the load to get going');
    const { schema_name: scratch, deferred_indexes: deferred } = (await rebuildRow(status.id)) as {
      schema_name: string;
      deferred_indexes: string[];
    };
    const made = await indexesIn(scratch);
    for (const definition of byOwner) expect(made).toContain(definition);
    // The readiness history's owner index waits for the end of the load: only an erasure looks it up.
    const ownerLookup = new RegExp(`\\.(${tables.join('|')}) USING btree \\(user_id[,)]`);
    expect(deferred.filter((definition) => ownerLookup.test(definition))).toEqual([]);
    expect((await r.whenDone(status.id))!.state).toBe('swapped');
    expect(await indexesIn(liveSchema)).toEqual(live);
    await expectClaimsEqualFresh();
    await r.stop();
  }, 60_000);

  it('a process that dies mid-rebuild: the live tables keep answering, and the next process resumes where it was', async () => {
    const firstCount = { n: 0 };
    const first = rebuilder(projectorsWith(vault, slowed(firstCount)));
    const oldTable = await tableOid('claims');
    const rowsBefore = await dumpTables(db.knex, CLAIM_TABLES);
    const { status } = await first.start('claims', { requestedBy: null });
    await until(async () => Number((await rebuildRow(status.id)).processed) >= 40, 'the first process to get going');
    // It dies: its heartbeat stops, its row stays running and still names it.
    await first.stop({ handBack: false });
    const abandoned = await rebuildRow(status.id);
    expect(abandoned).toMatchObject({ state: 'running', prepared: true });
    const doneByFirst = Number(abandoned.processed);
    expect(doneByFirst).toBeLessThan(Number(abandoned.total));
    // The half-built tables are in the scratch schema; the live ones are untouched and answer as before.
    expect(await tableOid('claims')).toBe(oldTable);
    expect(await dumpTables(db.knex, CLAIM_TABLES)).toEqual(rowsBefore);
    const { rows: scratch } = await db.knex.raw('select 1 from pg_tables where schemaname = ?', [abandoned.schema_name]);
    expect(scratch.length).toBe(2);

    const secondCount = { n: 0 };
    const second = rebuilder(projectorsWith(vault, slowed(secondCount, 0)));
    expect(await second.resumeAbandoned()).toEqual([]); // still within its heartbeat's grace
    await sleep(700);
    expect(await second.resumeAbandoned()).toEqual([status.id]);
    const done = await second.whenDone(status.id);
    expect(done).toMatchObject({ state: 'swapped' });
    // Resumed, not started over: the second process projected only what the first had not.
    expect(secondCount.n).toBeLessThan(Number(done!.total));
    expect(secondCount.n + doneByFirst).toBeGreaterThanOrEqual(Number(done!.total));
    expect(await tableOid('claims')).not.toBe(oldTable);
    await expectClaimsEqualFresh();
    await second.stop();
  }, 60_000);

  it('read models rebuilt together read the log once, and a process that dies mid-way is resumed by the next', async () => {
    const names = ['claims', 'claim_history', 'documents', 'user_profiles'];
    /** The store as the rebuilder sees it, counting the subscriptions it opens (each one a read of the log). */
    const counting = (subscribed: string[]) =>
      new Proxy(store, {
        get(target, key, receiver) {
          if (key === 'subscribe')
            return (options: Parameters<PostgresEventStore['subscribe']>[0]) => {
              subscribed.push(options.name);
              return target.subscribe(options);
            };
          const value = Reflect.get(target, key, receiver) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    const firstSubscribed: string[] = [];
    const first = rebuilder(projectorsWith(vault, slowed({ n: 0 })), { store: counting(firstSubscribed) });
    const started = await first.startMany(names, { requestedBy: null, operator: 'test@host' });
    expect(started.map((s) => s.created)).toEqual(names.map(() => true));
    const ids = started.map((s) => s.status.id);
    // A loaded machine may take a while to start the group; the test's budget allows for it.
    await until(async () => Number((await rebuildRow(ids[0]!)).processed) >= 40, 'the group to get going', 60_000);
    expect(firstSubscribed).toHaveLength(1);
    // It dies mid-way: every member's tables, checkpoint and progress are as the last batch left them.
    await first.stop({ handBack: false });
    const abandoned = await Promise.all(ids.map(rebuildRow));
    for (const row of abandoned) expect(row).toMatchObject({ state: 'running', prepared: true });
    const claimsDone = Number(abandoned[0]!.processed);
    expect(claimsDone).toBeLessThan(Number(abandoned[0]!.total));

    await sleep(700);
    const secondSubscribed: string[] = [];
    const secondCount = { n: 0 };
    const second = rebuilder(projectorsWith(vault, slowed(secondCount, 0)), { store: counting(secondSubscribed) });
    expect((await second.resumeAbandoned()).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await second.whenDone(id)).toMatchObject({ state: 'swapped', error: null });
    // Taken over as a group (one read of the log), resumed where each member was, not started over.
    expect(secondSubscribed).toHaveLength(1);
    expect(secondCount.n).toBeLessThan(Number((await rebuildRow(ids[0]!)).total));
    expect(secondCount.n + claimsDone).toBeGreaterThanOrEqual(Number((await rebuildRow(ids[0]!)).total));
    const { rows: leftovers } = await db.knex.raw("select nspname from pg_namespace where nspname like 'rebuild_%'");
    expect(leftovers).toEqual([]);
    await expectClaimsEqualFresh();
    await second.stop();
  }, 150_000);

  it('when the code changed meanwhile, the next process starts the rebuild over cleanly', async () => {
    const first = rebuilder(projectorsWith(vault, slowed({ n: 0 })));
    const { status } = await first.start('claims', { requestedBy: null });
    await until(async () => Number((await rebuildRow(status.id)).processed) >= 20, 'the first process to get going');
    await first.stop({ handBack: false });
    const old = await rebuildRow(status.id);

    // A new version of the projector (version 2), with one more read-model migration.
    const counted = { n: 0 };
    const bumped = projectorsWith(vault, (p) => ({ ...slowed(counted, 0)(p), version: 2 }));
    const extraMigration = {
      name: '9999_test_extra',
      async up(knex: Knex) {
        await knex.raw('create table rebuild_test_extra (id int primary key)');
      },
    };
    const second = rebuilder(bumped, { readModelMigrations: [...projectionMigrations, extraMigration] });
    await sleep(700);
    expect(await second.resumeAbandoned()).toEqual([status.id]);
    const done = await second.whenDone(status.id);
    expect(done).toMatchObject({ state: 'swapped', projectionVersion: 2 });
    // Started over: everything projected again by the new code, from position 0.
    expect(counted.n).toBeGreaterThanOrEqual(Number(done!.total));
    expect((await rebuildRow(status.id)).fingerprint).not.toBe(old.fingerprint);
    const { rows: leftovers } = await db.knex.raw(
      "select nspname from pg_namespace where nspname like 'rebuild_%' or nspname like 'retired_%'",
    );
    expect(leftovers).toEqual([]);
    // The live projector of version 2 goes on from the rebuilt tables.
    expect(await db.knex('subscription_checkpoints').where({ name: 'projection:claims:v2' }).first()).toBeDefined();
    await second.stop();
  }, 60_000);

  it('a swap cut off half-way changes nothing, and is made again', async () => {
    let cut = 0;
    let oidSeenAfterCut: number | undefined;
    const oldTable = await tableOid('claims');
    const r = rebuilder(readModelProjectors(vault), {
      beforeSwapCommit: async (trx) => {
        if (cut > 0) return;
        cut += 1;
        // The connection dies with the tables already moved inside the transaction.
        await trx.raw('select pg_terminate_backend(pg_backend_pid())');
      },
      beforeSwap: async ({ attempt }) => {
        if (attempt === 2) oidSeenAfterCut = await tableOid('claims');
      },
    });
    const { status } = await r.start('claims', { requestedBy: null });
    expect((await r.whenDone(status.id))!.state).toBe('swapped');
    expect(cut).toBe(1);
    expect(oidSeenAfterCut).toBe(oldTable);
    expect(await tableOid('claims')).not.toBe(oldTable);
    await expectClaimsEqualFresh();
    await r.stop();
  }, 60_000);

  it('a projector that writes a table it does not declare fails the rebuild, and nothing changes', async () => {
    const r = rebuilder(projectorsWith(vault, (p) => ({ ...p, tables: ['claims'] })));
    const before = await dumpTables(db.knex, CLAIM_TABLES);
    const oldTable = await tableOid('claims');
    const { status } = await r.start('claims', { requestedBy: null });
    const done = await r.whenDone(status.id);
    expect(done).toMatchObject({ state: 'failed', error: expect.stringMatching(/does not declare.*claim_notes/) });
    expect(await tableOid('claims')).toBe(oldTable);
    expect(await dumpTables(db.knex, CLAIM_TABLES)).toEqual(before);
    const { rows: leftovers } = await db.knex.raw("select nspname from pg_namespace where nspname like 'rebuild_%'");
    expect(leftovers).toEqual([]);
    expect(await db.knex('subscription_checkpoints').where('name', 'like', 'rebuild:%')).toEqual([]);

    const missing = rebuilder(projectorsWith(vault, (p) => ({ ...p, tables: ['claims', 'claim_notes', 'no_such_table'] })));
    const second = await missing.start('claims', { requestedBy: null });
    expect(await missing.whenDone(second.status.id)).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('no_such_table, which no read-model migration creates'),
    });
    await r.stop();
    await missing.stop();
  }, 60_000);
});
