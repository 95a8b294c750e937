import { randomUUID } from 'node:crypto';
import { streams } from '@cc/contracts';
import { eventStoreMigrations, loadState, migrate, personalDataMigrations, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { userDecider } from '../users/decider';
import { analysisCommands } from './analysisCommands';

/**
 * The quota's refunds at the command level: the user's stream only counts analyses per month, so
 * which analysis a refund is for, and that it is given back once, is kept by these commands.
 */
describe('analysis commands: giving the quota back', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  let clock = new Date('2026-01-31T23:59:58Z');
  const analysis = () => analysisCommands({ store, vault, now: () => clock });

  beforeEach(async () => {
    db = await createTestDatabase('analysis');
    await migrate(db.knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    vault = new PersonalDataVault(db.knex);
    clock = new Date('2026-01-31T23:59:58Z');
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  const basicMember = async () => {
    const userId = randomUUID();
    const personal = await vault.seal(userId, { email: `${userId}@example.org`, firstName: null, lastName: null });
    await store.appendToStream(
      streams.user(userId),
      [
        { type: 'UserRegistered', data: { userId, memberTier: 'free', authMethod: 'password', personal } },
        { type: 'UserTierChanged', data: { userId, from: 'free', to: 'basic', reason: 'subscription' } },
      ],
      { expectedVersion: 0 },
    );
    return userId;
  };
  const documentOf = async (userId: string) => {
    const documentId = randomUUID();
    await store.appendToStream(
      streams.document(documentId),
      [
        {
          type: 'DocumentRegistered',
          data: {
            documentId,
            userId,
            name: await vault.seal(userId, { fileName: 'letter.txt' }),
            fileType: 'text/plain',
            detectedType: 'text/plain',
            fileSize: 10,
            objectPath: `documents/${userId}/${documentId}`,
            digest: { sealed: await vault.seal(userId, { sha256: '0'.repeat(64) }) },
            claimId: null,
          },
        },
      ],
      { expectedVersion: 0 },
    );
    return documentId;
  };
  const used = async (userId: string) => (await loadState(store, streams.user(userId), userDecider)).state.analysesByMonth;
  const refunds = async (userId: string) =>
    (await store.readStream(streams.user(userId))).events.filter((e) => e.type === 'UserDocumentAnalysisRefunded').map((e) => e.data);

  it('gives an analysis back once, however many answers for it arrive at once', async () => {
    const userId = await basicMember();
    const documentId = await documentOf(userId);
    const { analysisId } = await analysis().request(userId, documentId, 'general', {});
    for (let i = 0; i < 2; i++) await analysis().request(userId, await documentOf(userId), 'general', {});
    expect(await used(userId)).toEqual({ '2026-01': 3 });
    // Deliveries of the outcome under different keys (a worker restarted mid-answer, a replayed event).
    await Promise.all(
      ['delivery-1', 'delivery-2', 'delivery-3', 'delivery-4'].map((key) =>
        analysis().fail(documentId, analysisId, 'The file could not be read.', { metadata: {}, idempotencyKey: key }),
      ),
    );
    expect(await refunds(userId)).toEqual([{ userId, documentId, analysisId, month: '2026-01' }]);
    expect(await used(userId)).toEqual({ '2026-01': 2 });
  });

  it('gives it back to the month it was requested in, even when the answer comes in the next one', async () => {
    const userId = await basicMember();
    const documentId = await documentOf(userId);
    const { analysisId } = await analysis().request(userId, documentId, 'general', {});
    clock = new Date('2026-02-01T00:00:03Z');
    const other = await documentOf(userId);
    await analysis().request(userId, other, 'general', {});
    await analysis().fail(documentId, analysisId, 'The file could not be read.', { metadata: {}, idempotencyKey: 'late' });
    expect(await used(userId)).toEqual({ '2026-01': 0, '2026-02': 1 });
  });

  it('gives nothing back for an answer about an analysis the document never had', async () => {
    const userId = await basicMember();
    const documentId = await documentOf(userId);
    const other = await documentOf(userId);
    const { analysisId } = await analysis().request(userId, documentId, 'general', {});
    await analysis().fail(other, analysisId, 'The file could not be read.', { metadata: {}, idempotencyKey: 'stray' });
    expect(await refunds(userId)).toEqual([]);
    expect(await used(userId)).toEqual({ '2026-01': 1 });
  });
});
