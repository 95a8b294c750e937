import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ANALYSIS_TYPES, type ClaimStatus, type AnalysisResult, type DomainEvent, type SealedData } from '@cc/contracts';
import { migrate, personalDataMigrations, PersonalDataVault, type RecordedEvent } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import {
  cutInto,
  emptyCopies,
  erasureOf,
  projectInto,
  recordedAt,
  tablesOf,
  twoCopiesOfTheReadModels,
  withRedeliveries,
} from '../testing/batchEquivalence';
import { evidenceProjector } from './projector';

/*
 * Property: the evidence read model comes out the same whether a log is projected one event at a
 * time or cut into batches anywhere, so a map computed once per batch is the map its claim's last
 * event would have written (its time included), and the readiness history records the same changes
 * at the same events. The logs are small and dense: one veteran with a
 * primary claim and one secondary to it (an approval turns the secondary's map), one with a single
 * claim, one whose key is erased; documents linked only to their owner's claims, as the command
 * side allows; events delivered twice now and then.
 */

const finding = (name: string, source: string): AnalysisResult => ({
  analysisType: 'medical',
  engine: { name: 'offline', model: 'rules-v1' },
  documentType: 'Private medical record',
  relevantConditions: [name],
  conditionFindings: [{ name, source }],
  keyFindings: [],
  missingInformation: [],
  suggestedActions: [],
});
/** Statuses enough to grant, deny and reopen a claim. */
const STATUSES: ClaimStatus[] = ['submitted', 'approved', 'denied'];
const RESULTS = [
  finding('Tinnitus', 'Diagnosis: tinnitus.'),
  finding('Tinnitus', 'It is at least as likely as not that the tinnitus was caused by noise exposure in service.'),
  finding('Migraines', 'Diagnosis: migraines, at least as likely as not caused by the tinnitus.'),
];

describe('evidence projection: batches give the same tables as one event at a time', () => {
  let db: TestDatabase;
  let vault: PersonalDataVault;
  const owners = [randomUUID(), randomUUID(), randomUUID()];
  const erasedOwner = owners[2]!;
  const claims = [
    { claimId: randomUUID(), userId: owners[0]!, condition: 'Tinnitus', conditionType: 'primary' },
    { claimId: randomUUID(), userId: owners[0]!, condition: 'Migraines secondary to Tinnitus', conditionType: 'secondary' },
    { claimId: randomUUID(), userId: owners[1]!, condition: 'Tinnitus', conditionType: 'increase' },
    { claimId: randomUUID(), userId: erasedOwner, condition: 'Back pain', conditionType: 'primary' },
  ] as const;
  const documents = [0, 0, 1, 2].map((i) => ({ documentId: randomUUID(), userId: owners[i]! }));
  const analysisIds = [randomUUID(), randomUUID(), randomUUID()];
  const texts = new Map<string, SealedData>();
  const names = new Map<string, SealedData>();
  const results = new Map<string, SealedData[]>();

  beforeAll(async () => {
    db = await createTestDatabase('evprop');
    await migrate(db.knex, 'platform', personalDataMigrations);
    await twoCopiesOfTheReadModels(db.knex);
    vault = new PersonalDataVault(db.knex);
    for (const claim of claims) texts.set(claim.claimId, await vault.seal(claim.userId, { condition: claim.condition, nextAction: null }));
    for (const [i, userId] of owners.entries()) {
      names.set(userId, await vault.seal(userId, { fileName: `record-${i}.pdf` }));
      results.set(userId, await Promise.all(RESULTS.map((result) => vault.seal(userId, result))));
    }
    await vault.erase(erasedOwner);
  }, 60_000);

  afterAll(async () => {
    await vault.close();
    await db.drop();
  });

  const date = fc.integer({ min: 0, max: 400 }).map((day) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10));
  const claimEvent = fc
    .record({
      claim: fc.constantFrom(claims[0], claims[1], claims[0], claims[1], claims[0], claims[1], claims[2], claims[3]),
      kind: fc.constantFrom(0, 1, 1, 2),
    })
    .chain(({ claim, kind }) => {
      const base = { claimId: claim.claimId, userId: claim.userId };
      const events: fc.Arbitrary<DomainEvent>[] = [
        fc.constant({
          type: 'ClaimFiled',
          data: {
            ...base,
            claimNumber: `2026-${claim.claimId.slice(0, 4)}`,
            text: texts.get(claim.claimId)!,
            conditionType: claim.conditionType,
            priority: 'normal',
            estimatedDecisionDate: null,
            filedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
        // `from` is drawn on its own, so an approval sometimes comes without saying so: the secondary
        // claim's map is then not recomputed, and must stay as its own last event left it.
        fc.record({ from: fc.constantFrom(...STATUSES), to: fc.constantFrom(...STATUSES) }).map(({ from, to }) => ({
          type: 'ClaimStatusChanged',
          data: { ...base, from, to, progressPercentage: 50, note: null },
        })),
        fc
          .record({ from: fc.option(date), to: fc.option(date) })
          .map(({ from, to }) => ({ type: 'ClaimDecisionDateSet', data: { ...base, from, to } })),
      ];
      return events[kind]!;
    });
  const documentEvent = fc
    .record({
      document: fc.constantFrom(...documents),
      kind: fc.integer({ min: 0, max: 3 }),
      claim: fc.nat(),
      analysis: fc.record({ id: fc.constantFrom(...analysisIds), type: fc.constantFrom(...ANALYSIS_TYPES), result: fc.nat() }),
    })
    .map(({ document: { documentId, userId }, kind, claim, analysis }): DomainEvent => {
      const own = [null, ...claims.filter((c) => c.userId === userId).map((c) => c.claimId)];
      const claimId = own[claim % own.length]!;
      const name = names.get(userId)!;
      switch (kind) {
        case 0:
          return {
            type: 'DocumentRegistered',
            data: {
              documentId,
              userId,
              name,
              fileType: 'application/pdf',
              detectedType: 'application/pdf',
              fileSize: 1,
              objectPath: 'x',
              digest: { plain: 'ab' },
              claimId,
            },
          };
        case 1:
          return { type: 'DocumentLinkedToClaim', data: { documentId, userId, claimId } };
        case 2:
          return {
            type: 'DocumentAnalysisCompleted',
            data: {
              documentId,
              userId,
              analysisId: analysis.id,
              analysisType: analysis.type,
              engine: { name: 'offline', model: 'rules-v1' },
              result: results.get(userId)![analysis.result % RESULTS.length]!,
              name,
            },
          };
        default:
          return { type: 'DocumentDeleted', data: { documentId, userId } };
      }
    });
  const erasure = erasureOf(owners);
  /** A log: claim and document events alike, now and then an erasure, and now and then an event delivered again. */
  const log = withRedeliveries(
    fc.array(fc.oneof({ arbitrary: claimEvent, weight: 6 }, { arbitrary: documentEvent, weight: 4 }, { arbitrary: erasure, weight: 1 }), {
      minLength: 10,
      maxLength: 40,
      size: 'max',
    }),
  );
  const batchSizes = fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 40 });

  /**
   * The case random logs reach least often: the secondary claim's map is computed, then its primary
   * is approved by an event that does not say so (`from` approved already), so that map must keep
   * what it was computed from.
   */
  function approvalUnsaid(): RecordedEvent[] {
    const [primary, secondary] = [claims[0], claims[1]];
    const filed = ({ claimId, userId, conditionType }: (typeof claims)[number]): DomainEvent => ({
      type: 'ClaimFiled',
      data: {
        claimId,
        userId,
        claimNumber: '2026-001',
        text: texts.get(claimId)!,
        conditionType,
        priority: 'normal',
        estimatedDecisionDate: null,
        filedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    const approval: DomainEvent = {
      type: 'ClaimStatusChanged',
      data: { claimId: primary.claimId, userId: primary.userId, from: 'approved', to: 'approved', progressPercentage: 100, note: null },
    };
    return [filed(primary), filed(secondary), approval].map(recordedAt);
  }

  it('for random logs cut into random batches, after every batch', async () => {
    const projector = evidenceProjector(vault);
    await fc.assert(
      fc.asyncProperty(log, batchSizes, async (events, sizes) => {
        await emptyCopies(db.knex, [projector]);
        // Compared at every cut, not only at the end, where a later event of a claim would hide a
        // map computed from rows its own event did not see.
        for (const batch of cutInto(events, sizes)) {
          await projectInto(db.knex, 'in_batches', projector, [batch]);
          await projectInto(
            db.knex,
            'one_by_one',
            projector,
            batch.map((event) => [event]),
          );
          expect(await tablesOf(db.knex, 'in_batches', [projector])).toEqual(await tablesOf(db.knex, 'one_by_one', [projector]));
        }
      }),
      { numRuns: 50, examples: [[approvalUnsaid(), [3]]] },
    );
  }, 60_000);
});
