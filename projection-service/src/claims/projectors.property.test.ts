import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  ANALYSIS_TYPES,
  CLAIM_PRIORITIES,
  CLAIM_STATUSES,
  CONDITION_TYPES,
  SELECTABLE_NOTE_TYPES,
  type DomainEvent,
  type SealedData,
} from '@cc/contracts';
import { migrate, personalDataMigrations, PersonalDataVault } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import {
  cutInto,
  emptyCopies,
  erasureOf,
  projectInto,
  tablesOf,
  twoCopiesOfTheReadModels,
  withRedeliveries,
} from '../testing/batchEquivalence';
import { documentsProjector } from '../documents/projector';
import { activitiesProjector, claimHistoryProjector, claimsProjector } from './projectors';

/*
 * Property: the claims and documents read models come out the same whether a log is projected one event at a
 * time or cut into batches anywhere: the fold in memory, the one read and the one write per table
 * change nothing. The logs are small and dense (three claims, two documents, three note ids, one
 * owner whose key is erased), so events of one claim meet in a batch, repeat, and follow erasures.
 */

describe('claims and documents projections: batches give the same tables as one event at a time', () => {
  let db: TestDatabase;
  let vault: PersonalDataVault;
  const owners = [randomUUID(), randomUUID(), randomUUID()];
  const erasedOwner = owners[2]!;
  const claims = [0, 1, 2].map((i) => ({ claimId: randomUUID(), userId: owners[i]! }));
  const documents = [0, 2].map((i) => ({ documentId: randomUUID(), userId: owners[i]! }));
  const noteIds = [randomUUID(), randomUUID(), randomUUID()];
  const sealed = new Map<string, { text: SealedData; note: SealedData; nextAction: SealedData; name: SealedData }>();

  beforeAll(async () => {
    db = await createTestDatabase('prop');
    await migrate(db.knex, 'platform', personalDataMigrations);
    await twoCopiesOfTheReadModels(db.knex);
    vault = new PersonalDataVault(db.knex);
    for (const [i, userId] of owners.entries()) {
      sealed.set(userId, {
        text: await vault.seal(userId, { condition: `Condition ${i}`, nextAction: i === 0 ? null : `Call VA ${i}` }),
        note: await vault.seal(userId, { note: `Note ${i}` }),
        nextAction: await vault.seal(userId, { nextAction: `Next ${i}` }),
        name: await vault.seal(userId, { fileName: `file-${i}.pdf` }),
      });
    }
    await vault.erase(erasedOwner);
  }, 60_000);

  afterAll(async () => {
    await vault.close();
    await db.drop();
  });

  const date = fc.integer({ min: 0, max: 400 }).map((day) => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10));
  const claimEvent = fc.record({ claim: fc.constantFrom(...claims), kind: fc.integer({ min: 0, max: 8 }) }).chain(({ claim, kind }) => {
    const own = sealed.get(claim.userId)!;
    const base = { claimId: claim.claimId, userId: claim.userId };
    const events: fc.Arbitrary<DomainEvent>[] = [
      fc
        .record({
          conditionType: fc.constantFrom(...CONDITION_TYPES),
          priority: fc.constantFrom(...CLAIM_PRIORITIES),
          estimate: fc.option(date),
        })
        .map(({ conditionType, priority, estimate }) => ({
          type: 'ClaimFiled',
          data: {
            ...base,
            claimNumber: `2026-${claim.claimId.slice(0, 4)}`,
            text: own.text,
            conditionType,
            priority,
            estimatedDecisionDate: estimate,
            filedAt: '2026-01-01T00:00:00.000Z',
          },
        })),
      fc
        .record({
          from: fc.constantFrom(...CLAIM_STATUSES),
          to: fc.constantFrom(...CLAIM_STATUSES),
          progress: fc.integer({ min: 0, max: 100 }),
          withNote: fc.boolean(),
        })
        .map(({ from, to, progress, withNote }) => ({
          type: 'ClaimStatusChanged',
          data: { ...base, from, to, progressPercentage: progress, note: withNote ? own.note : null },
        })),
      fc
        .record({ from: fc.option(fc.integer({ min: 0, max: 100 })), to: fc.option(fc.integer({ min: 0, max: 100 })) })
        .map(({ from, to }) => ({
          type: 'ClaimRatingChanged',
          data: { ...base, from, to },
        })),
      fc
        .record({ noteId: fc.constantFrom(...noteIds), noteType: fc.constantFrom(...SELECTABLE_NOTE_TYPES), important: fc.boolean() })
        .map(({ noteId, noteType, important }) => ({
          type: 'ClaimNoteAdded',
          data: { ...base, noteId, noteType, isImportant: important, note: own.note },
        })),
      fc.record({ from: fc.constantFrom(...CLAIM_PRIORITIES), to: fc.constantFrom(...CLAIM_PRIORITIES) }).map(({ from, to }) => ({
        type: 'ClaimPriorityChanged',
        data: { ...base, from, to },
      })),
      fc.boolean().map((cleared) => ({ type: 'ClaimNextActionChanged', data: { ...base, nextAction: cleared ? null : own.nextAction } })),
      fc
        .record({ from: fc.option(date), to: fc.option(date) })
        .map(({ from, to }) => ({ type: 'ClaimDecisionDateEstimated', data: { ...base, from, to } })),
      fc
        .record({ from: fc.option(date), to: fc.option(date) })
        .map(({ from, to }) => ({ type: 'ClaimDecisionDateSet', data: { ...base, from, to } })),
      fc
        .constantFrom(...documents)
        .map(({ documentId }) => ({ type: 'ClaimDocumentAdded', data: { ...base, documentId, name: own.name } })),
    ];
    return events[kind]!;
  });
  const documentEvent = fc
    .record({ document: fc.constantFrom(...documents), kind: fc.integer({ min: 0, max: 5 }), analysis: fc.constantFrom(...ANALYSIS_TYPES) })
    .map(({ document: { documentId, userId }, kind, analysis }): DomainEvent => {
      const name = sealed.get(userId)!.name;
      if (kind === 0)
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
            claimId: null,
          },
        };
      if (kind === 1) return { type: 'DocumentDeleted', data: { documentId, userId } };
      if (kind === 2) return { type: 'DocumentLinkedToClaim', data: { documentId, userId, claimId: claims[0]!.claimId } };
      const analysisId = randomUUID();
      if (kind === 3)
        return {
          type: 'DocumentAnalysisRequested',
          data: {
            documentId,
            userId,
            analysisId,
            analysisType: analysis,
            objectPath: 'x',
            detectedType: 'application/pdf',
            fileSize: 1,
            requestedAt: '2026-02-01T00:00:00.000Z',
          },
        };
      if (kind === 4)
        return { type: 'DocumentAnalysisFailed', data: { documentId, userId, analysisId, analysisType: analysis, reason: 'unreadable' } };
      return {
        type: 'DocumentAnalysisCompleted',
        data: {
          documentId,
          userId,
          analysisId,
          analysisType: analysis,
          engine: { name: 'offline', model: 'rules' },
          result: name,
          name,
        },
      };
    });
  const erasure = erasureOf(owners);
  /** A log: mostly claim events, some document events and erasures, and now and then an event delivered again. */
  const log = withRedeliveries(
    fc.array(fc.oneof({ arbitrary: claimEvent, weight: 8 }, { arbitrary: documentEvent, weight: 3 }, { arbitrary: erasure, weight: 1 }), {
      minLength: 1,
      maxLength: 30,
    }),
  );
  const batchSizes = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 30 });

  it('for random logs cut into random batches', async () => {
    const projectors = [claimsProjector(vault), claimHistoryProjector(vault), activitiesProjector(vault), documentsProjector(vault)];
    await fc.assert(
      fc.asyncProperty(log, batchSizes, async (events, sizes) => {
        await emptyCopies(db.knex, projectors);
        for (const projector of projectors) {
          await projectInto(
            db.knex,
            'one_by_one',
            projector,
            events.map((event) => [event]),
          );
          await projectInto(db.knex, 'in_batches', projector, cutInto(events, sizes));
        }
        expect(await tablesOf(db.knex, 'in_batches', projectors)).toEqual(await tablesOf(db.knex, 'one_by_one', projectors));
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
