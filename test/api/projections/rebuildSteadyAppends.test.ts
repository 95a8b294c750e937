import { randomUUID } from 'node:crypto';
import { staffRecords } from '@cc/command-service/staff/records';
import { INLINE_READ_MODELS, ProjectionRebuilder, projectionMigrations, readModelProjectors } from '@cc/projection-service';
import { inlineReadModels } from '@cc/projection-service/runner/inlineProjections';
import { isSetBased } from '@cc/projection-service/runner/projectEvents';
import type { SetBasedProjector } from '@cc/projection-service/runner/setBasedProjector';
import { createLogger, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { dumpTables, freshBuild, migrateAll } from '@cc/gateway/testing/readModels';

/*
 * A rebuild of a read model whose events keep coming (the staff access log: every staff GET appends
 * one, kept inline) still finishes: its build counts as caught up once it has passed the head of the
 * log as it was when the build began and again when it got there (runner/buildCaughtUp.ts), though
 * no read of it ever comes back empty. Here each batch of the build appends one while it runs, as a
 * steady stream of staff reads does on a loaded machine, where a batch takes longer than the gap
 * between two reads. Waiting for an empty read, the build went on until the reads stopped.
 */

describe('rebuilding a read model under a steady stream of its own events', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let records: ReturnType<typeof staffRecords>;
  const staffId = randomUUID();
  const read = (endpoint: string) =>
    records.access.record(
      { staffId, staffRole: 'adjudicator', endpoint, claimId: null, ownerId: null, version: null, rows: 1, subjectEventId: null },
      { userId: staffId, correlationId: randomUUID() },
    );

  beforeAll(async () => {
    db = await createTestDatabase('rebuild_steady');
    await migrateAll(db.knex);
    const vault = new PersonalDataVault(db.knex);
    store = new PostgresEventStore({
      knex: db.knex,
      connectionString: db.url,
      inline: inlineReadModels(
        readModelProjectors(vault)
          .filter(isSetBased)
          .filter((p) => INLINE_READ_MODELS.includes(p.name)),
      ),
    });
    records = staffRecords({ store });
    expect(records.access.logKeptInline).toBe(true);
    for (let i = 0; i < 5; i++) await read(`GET /before/${i}`);
  }, 60_000);

  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('the build is caught up, and swaps, although each of its batches sees a new event appended', async () => {
    const vault = new PersonalDataVault(db.knex);
    const accessLog = readModelProjectors(vault).find((p) => p.name === 'staff_access_log') as SetBasedProjector;
    // Until the build has caught up (or the test gives up): one staff read per batch of the build,
    // committed while the batch runs (`open` runs once per event the batch applies).
    let stopped = false;
    let busy = false;
    let appendedDuringBuild = 0;
    const giveUp = setTimeout(() => (stopped = true), 15_000);
    const projector: SetBasedProjector = {
      ...accessLog,
      async open(event) {
        if (!stopped && !busy) {
          busy = true; // one at a time: the next batch appends the next
          await read(`GET /during/${appendedDuringBuild++}`);
          busy = false;
        }
        return accessLog.open(event);
      },
    };
    let caughtUpAfter: number | undefined;
    const rebuilder = new ProjectionRebuilder({
      knex: db.knex,
      store,
      projectors: [projector],
      readModelMigrations: projectionMigrations,
      logger: createLogger('silent'),
      pollIntervalMs: 20,
      beforeSwap: async ({ attempt }) => {
        if (attempt > 1) return;
        // From here on the swap projects under the exclusive lock: an append now would wait for it.
        caughtUpAfter = stopped ? undefined : appendedDuringBuild;
        stopped = true;
      },
    });
    try {
      const { status } = await rebuilder.start('staff_access_log', { requestedBy: null, operator: 'test@host' });
      const done = await rebuilder.whenDone(status.id);
      expect(done).toMatchObject({ state: 'swapped', error: null });
      // Caught up while the reads still came, not only once they stopped.
      expect({ caughtUpAfter, appendedDuringBuild }).toEqual({ caughtUpAfter: expect.any(Number), appendedDuringBuild });
      expect(appendedDuringBuild).toBeGreaterThan(0);
      expect(await dumpTables(db.knex, ['staff_access_log'])).toEqual(await freshBuild(db.knex, ['staff_access_log']));
    } finally {
      clearTimeout(giveUp);
      await rebuilder.stop();
    }
  }, 60_000);
});
