import { randomUUID } from 'node:crypto';
import { claimCommands } from '@cc/command-service/claims/commands';
import { userCommands } from '@cc/command-service/users/commands';
import { INLINE_READ_MODELS, ProjectionRebuilder, projectionMigrations, readModelProjectors } from '@cc/projection-service';
import { inlineReadModels } from '@cc/projection-service/runner/inlineProjections';
import { isSetBased } from '@cc/projection-service/runner/projectEvents';
import type { SetBasedProjector } from '@cc/projection-service/runner/setBasedProjector';
import { createLogger, PersonalDataVault, PostgresEventStore, type Knex } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { dumpTables, freshBuild, migrateAll } from '@cc/gateway/testing/readModels';

/*
 * A rebuild of a read model kept inline (projection-service/src/runner/inlineProjections.ts): the
 * appends that race its swap end up in the new tables exactly once, including one committed out of
 * position order behind another transaction's horizon. The store keeps every inline read model, so
 * the appends take their locks as the app's do.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLAIM_TABLES = ['claims', 'claim_notes'];
/** The read models whose rebuilds race appends below. */
const RACED = ['claims', 'user_profiles'];

/** The named projector, recording the id of every event it applies (set-based: `open` runs once per applied event). */
function counted(vault: PersonalDataVault, applied: string[], name: string): SetBasedProjector {
  const projector = readModelProjectors(vault).find((p) => p.name === name) as SetBasedProjector;
  return {
    ...projector,
    async open(event) {
      applied.push(event.id);
      return projector.open(event);
    },
  };
}

/** What the app's store keeps inline, those raced below counted. */
function inlineProjectors(vault: PersonalDataVault, applied: string[]): SetBasedProjector[] {
  return readModelProjectors(vault)
    .filter(isSetBased)
    .filter((p) => INLINE_READ_MODELS.includes(p.name))
    .map((p) => (RACED.includes(p.name) ? counted(vault, applied, p.name) : p));
}

describe('rebuilding a read model kept inline', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  let claims: ReturnType<typeof claimCommands>;
  let users: ReturnType<typeof userCommands>;
  const userId = randomUUID();
  const claimIds: string[] = [];
  /** Ids of the events each path applied: the appends (inline) and the rebuild. */
  const inline: string[] = [];
  const rebuilt: string[] = [];
  /** Runs inside every append's transaction, after its inline projection and before its commit. */
  let beforeAppendCommits: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('inline_rebuild');
    await migrateAll(db.knex);
    vault = new PersonalDataVault(db.knex);
    store = new PostgresEventStore({
      knex: db.knex,
      connectionString: db.url,
      inline: inlineReadModels(inlineProjectors(vault, inline)),
      beforeCommit: async () => beforeAppendCommits?.(),
    });
    users = userCommands({ store, vault });
    claims = claimCommands({ store, vault });
    await users.register(
      {
        userId,
        personal: { email: 'inline.rebuild@example.org', firstName: 'I', lastName: 'R' },
        memberTier: 'pro',
        authMethod: 'password',
      },
      { userId },
    );
    for (let i = 0; i < 12; i++) {
      const { claimId } = await claims.file(
        userId,
        { condition: `Condition ${i}`, conditionType: 'primary', nextAction: null, priority: 'normal' },
        { userId },
      );
      claimIds.push(claimId);
    }
  }, 120_000);

  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const changeStatus = (claimId: string, note: string) => claims.changeStatus(userId, claimId, 'initial_review', note, { userId });
  const eventIdAt = async (position: { txId: bigint; seq: bigint }) =>
    (
      await db
        .knex('events')
        .whereRaw('transaction_id = ?::xid8 and global_position = ?', [position.txId.toString(), position.seq.toString()])
        .first('event_id')
    ).event_id as string;

  type Appended = Promise<{ position?: { txId: bigint; seq: bigint } }>;

  /**
   * Rebuilds `projection` while one append (`change`) is in flight at its swap, behind another
   * transaction's horizon, and another is held back by the swap; answers both appends' event ids.
   */
  async function raceTheSwap(projection: string, change: (text: string) => Appended): Promise<{ inFlightId: string; heldBackId: string }> {
    expect(INLINE_READ_MODELS).toContain(projection);
    let horizonHolder: Promise<void> | undefined;
    let releaseHorizon: () => void = () => undefined;
    let inFlight: Appended | undefined;
    let heldBack: Appended | undefined;
    let heldBackDone = false;

    const rebuilder = new ProjectionRebuilder({
      knex: db.knex,
      store,
      projectors: [counted(vault, rebuilt, projection)],
      readModelMigrations: projectionMigrations,
      logger: createLogger('silent'),
      pollIntervalMs: 20,
      beforeSwap: async ({ attempt }) => {
        if (attempt > 1) return;
        // Another writer's transaction, older than the next append and open through the swap: the
        // store's horizon stays behind it, so a reader with that horizon does not see the append yet.
        let started: () => void = () => undefined;
        const holding = new Promise<void>((resolve) => (started = resolve));
        horizonHolder = db.knex.transaction(async (trx: Knex.Transaction) => {
          await trx.raw('select pg_current_xact_id()');
          started();
          await new Promise<void>((resolve) => (releaseHorizon = resolve));
        });
        await holding;
        // An append that has written its events and its inline rows, and waits to commit while the
        // swap asks for the lock.
        let inserted: () => void = () => undefined;
        const waiting = new Promise<void>((resolve) => (inserted = resolve));
        beforeAppendCommits = async () => {
          beforeAppendCommits = undefined;
          inserted();
          await sleep(400);
        };
        inFlight = change('In flight at the swap');
        await waiting;
      },
      beforeSwapCommit: async () => {
        // The swap holds the lock exclusively: a new append waits for it before writing anything.
        heldBack = change('Held back by the swap');
        void heldBack.then(() => (heldBackDone = true));
        await sleep(300);
        expect(heldBackDone).toBe(false);
      },
    });

    const { status } = await rebuilder.start(projection, { requestedBy: null, operator: 'test@host' });
    const done = await rebuilder.whenDone(status.id);
    expect(done).toMatchObject({ state: 'swapped', error: null });
    const first = await inFlight!;
    const second = await heldBack!;
    releaseHorizon();
    await horizonHolder;
    await rebuilder.stop();

    return { inFlightId: await eventIdAt(first.position!), heldBackId: await eventIdAt(second.position!) };
  }

  /** The one in flight went into the old tables with its append, and into the new ones by the swap; the one held back only by its own append, into the new tables. */
  const expectEachOnce = ({ inFlightId, heldBackId }: { inFlightId: string; heldBackId: string }) => {
    expect(inline.filter((id) => id === inFlightId)).toHaveLength(1);
    expect(rebuilt.filter((id) => id === inFlightId)).toHaveLength(1);
    expect(inline.filter((id) => id === heldBackId)).toHaveLength(1);
    expect(rebuilt.filter((id) => id === heldBackId)).toHaveLength(0);
  };

  it('an append in flight at the swap and one held back by it each end up in the new tables exactly once', async () => {
    const { inFlightId, heldBackId } = await raceTheSwap('claims', (note) => changeStatus(claimIds.shift()!, note));
    expectEachOnce({ inFlightId, heldBackId });

    const notes = await db.knex('claim_notes').whereIn('note_id', [inFlightId, heldBackId]).orderBy('note').select('note');
    expect(notes.map((n: { note: string }) => n.note.split('\n')[1])).toEqual(['Held back by the swap', 'In flight at the swap']);
    expect(await dumpTables(db.knex, CLAIM_TABLES)).toEqual(await freshBuild(db.knex, CLAIM_TABLES));
  }, 90_000);

  it('the same for the user profile, kept inline like the claim views', async () => {
    const { inFlightId, heldBackId } = await raceTheSwap('user_profiles', (bio) => users.updateProfile(userId, { bio }, { userId }));
    expectEachOnce({ inFlightId, heldBackId });
    expect(await db.knex('user_profiles').where({ user_id: userId }).first('bio')).toEqual({ bio: 'Held back by the swap' });
    expect(await dumpTables(db.knex, ['user_profiles'])).toEqual(await freshBuild(db.knex, ['user_profiles']));
  }, 90_000);
});
