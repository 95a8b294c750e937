import { randomUUID } from 'node:crypto';
import { createLogger, eventStoreMigrations, migrate, personalDataMigrations, PersonalDataVault, PostgresEventStore, type NewEvent } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { ProjectionRunner } from '../runner/projectionRunner';
import { userProfilesMigrations } from '../userProfiles/migrations';
import { documentsMigrations } from '../documents/migrations';
import { claimsMigrations } from './migrations';
import { activitiesProjector, claimHistoryProjector, claimsProjector } from './projectors';
import { claimHistory, dashboard, findClaimDetail } from './queries';

const DAY = 86_400_000;

describe('claims projections', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  const userId = randomUUID();
  const claimId = randomUUID();
  const filedAt = new Date('2026-03-01T12:00:00.000Z');

  beforeEach(async () => {
    db = await createTestDatabase('claims');
    await migrate(db.knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(db.knex, 'projection', [...userProfilesMigrations, ...claimsMigrations, ...documentsMigrations]);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    vault = new PersonalDataVault(db.knex);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  async function append(events: NewEvent[], occurredAt: Date) {
    const { version } = await store.readStream(`claim-${claimId}`);
    await store.appendToStream(`claim-${claimId}`, events, {
      expectedVersion: version,
      metadata: { occurredAt: occurredAt.toISOString(), userId },
    });
  }

  async function project() {
    const runner = new ProjectionRunner({
      store,
      projectors: [claimsProjector(vault), claimHistoryProjector(vault), activitiesProjector(vault)],
      logger: createLogger('silent'),
      pollIntervalMs: 20,
    });
    runner.start();
    await runner.waitFor(await store.headPosition(), 10_000);
    await runner.stop();
  }

  const status = (from: string, to: string, progressPercentage: number): NewEvent => ({
    type: 'ClaimStatusChanged',
    data: { claimId, userId, from, to, progressPercentage, note: null },
  });

  async function fileClaim() {
    await append(
      [
        {
          type: 'ClaimFiled',
          data: {
            claimId,
            userId,
            claimNumber: '2026-001',
            text: await vault.seal(userId, { condition: 'Migraines', nextAction: null }),
            conditionType: 'primary',
            priority: 'high',
            estimatedDecisionDate: null,
            filedAt: filedAt.toISOString(),
          },
        },
      ],
      filedAt,
    );
  }

  it('counts days pending from filing, stops when decided, and runs again when reopened', async () => {
    await fileClaim();
    await append([status('submitted', 'approved', 100)], new Date(filedAt.getTime() + 10 * DAY));
    await project();
    const later = new Date(filedAt.getTime() + 40 * DAY);
    expect((await findClaimDetail(db.knex, userId, claimId, later))!).toMatchObject({ status: 'approved', daysPending: 10, isApproved: true });

    await append([status('approved', 'evidence_review', 50)], new Date(filedAt.getTime() + 20 * DAY));
    await project();
    expect((await findClaimDetail(db.knex, userId, claimId, later))!).toMatchObject({ status: 'evidence_review', daysPending: 40, isApproved: false });
    const board = await dashboard(db.knex, userId, later);
    expect(board.stats).toMatchObject({ activeClaims: 1, oldestPendingDays: 40 });
  });

  it('keeps one note per status change and one history entry per event, in order', async () => {
    await fileClaim();
    await append([status('submitted', 'initial_review', 25), status('initial_review', 'denied', 100)], new Date(filedAt.getTime() + DAY));
    await project();
    const detail = (await findClaimDetail(db.knex, userId, claimId, new Date()))!;
    expect(detail.notes.map((n) => n.note).sort()).toEqual(['Status changed to: Denied', 'Status changed to: Initial Review']);
    const history = await claimHistory(db.knex, claimId);
    expect(history.map((h) => h.title)).toEqual(['Claim filed', 'Status changed', 'Status changed']);
    expect(history[2]!.changes[0]).toEqual({ field: 'Status', from: 'Initial Review', to: 'Denied' });
  });

  it('shows a neutral marker, not an error, once the owner’s key is erased', async () => {
    await fileClaim();
    await vault.erase(userId);
    await project();
    expect((await findClaimDetail(db.knex, userId, claimId, new Date()))!.condition).toBe('[removed]');
    expect(await db.knex('subscription_dead_letters')).toHaveLength(0);
  });
});
