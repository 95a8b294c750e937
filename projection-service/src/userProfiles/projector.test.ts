import { randomUUID } from 'node:crypto';
import { createLogger, eventStoreMigrations, migrate, personalDataMigrations, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { ProjectionRunner } from '../runner/projectionRunner';
import { userProfilesMigrations } from './migrations';
import { userProfilesProjector } from './projector';
import { findUserProfile } from './queries';

describe('user profiles projection', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  const logger = createLogger('silent');

  beforeEach(async () => {
    db = await createTestDatabase('proj');
    await migrate(db.knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(db.knex, 'projection', userProfilesMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    vault = new PersonalDataVault(db.knex);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  async function project(version = 1) {
    const projector = { ...userProfilesProjector(vault), version };
    const runner = new ProjectionRunner({ store, projectors: [projector], logger, pollIntervalMs: 20 });
    runner.start();
    await runner.waitFor(await store.headPosition(), 10_000);
    await runner.stop();
  }

  async function registerWithProfile(userId: string) {
    await store.appendToStream(
      `user-${userId}`,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            memberTier: 'free',
            authMethod: 'password',
            personal: await vault.seal(userId, { email: 'sam@example.org', firstName: 'Sam', lastName: 'Ortiz' }),
          },
        },
        {
          type: 'UserProfileUpdated',
          data: {
            userId,
            changedFields: ['branchOfService', 'awards', 'ssnLast4', 'yearsServed'],
            personal: await vault.seal(userId, { branchOfService: 'navy', awards: ['Purple Heart'], ssnLast4: '1234', yearsServed: 8 }),
          },
        },
        { type: 'UserTierChanged', data: { userId, from: 'free', to: 'basic', reason: 'subscription' } },
      ],
      { expectedVersion: 0, metadata: { occurredAt: '2026-01-02T03:04:05.000Z' } },
    );
  }

  it('builds the profile from registration, profile updates and tier changes', async () => {
    const userId = randomUUID();
    await registerWithProfile(userId);
    await project();
    expect(await findUserProfile(db.knex, userId)).toMatchObject({
      id: userId,
      email: 'sam@example.org',
      firstName: 'Sam',
      lastName: 'Ortiz',
      name: 'Sam Ortiz',
      branchOfService: 'navy',
      awards: ['Purple Heart'],
      ssnLast4: '1234',
      yearsServed: 8,
      memberTier: 'basic',
      memberTierData: { displayName: 'Basic' },
      roles: [],
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('rebuilds without the personal data once the key is erased (crypto-shredding), without failing', async () => {
    const userId = randomUUID();
    await registerWithProfile(userId);
    await vault.erase(userId);
    await db.knex('user_profiles').del();
    await project(2);
    const profile = await findUserProfile(db.knex, userId);
    expect(profile).toMatchObject({ id: userId, email: '', firstName: null, ssnLast4: null, memberTier: 'basic' });
    expect(await db.knex('subscription_dead_letters')).toHaveLength(0);
  });
});
