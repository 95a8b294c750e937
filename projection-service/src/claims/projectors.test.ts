import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@cc/platform';
import { projectorSpec } from '../testing/projectorSpec';
import { activitiesProjector, claimHistoryProjector, claimsProjector } from './projectors';
import { claimHistory, dashboard, findClaimDetail } from './queries';

const DAY = 86_400_000;

describe('claims projections', () => {
  const spec = projectorSpec((vault) => [claimsProjector(vault), claimHistoryProjector(vault), activitiesProjector(vault)]);
  const userId = randomUUID();
  const claimId = randomUUID();
  const filedAt = new Date('2026-03-01T12:00:00.000Z');

  const append = (events: NewEvent[], occurredAt: Date) =>
    spec.given(`claim-${claimId}`, events, { occurredAt: occurredAt.toISOString(), userId });
  const project = () => spec.project();

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
            text: await spec.vault.seal(userId, { condition: 'Migraines', nextAction: null }),
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
    expect((await findClaimDetail(spec.knex, userId, claimId, later))!).toMatchObject({
      status: 'approved',
      daysPending: 10,
      isApproved: true,
    });

    await append([status('approved', 'evidence_review', 50)], new Date(filedAt.getTime() + 20 * DAY));
    await project();
    expect((await findClaimDetail(spec.knex, userId, claimId, later))!).toMatchObject({
      status: 'evidence_review',
      daysPending: 40,
      isApproved: false,
    });
    const board = await dashboard(spec.knex, userId, later);
    expect(board.stats).toMatchObject({ activeClaims: 1, oldestPendingDays: 40 });
  });

  it('keeps one note per status change and one history entry per event, in order', async () => {
    await fileClaim();
    await append([status('submitted', 'initial_review', 25), status('initial_review', 'denied', 100)], new Date(filedAt.getTime() + DAY));
    await project();
    const detail = (await findClaimDetail(spec.knex, userId, claimId, new Date()))!;
    expect(detail.notes.map((n) => n.note).sort()).toEqual(['Status changed to: Denied', 'Status changed to: Initial Review']);
    const history = await claimHistory(spec.knex, claimId);
    expect(history.map((h) => h.title)).toEqual(['Claim filed', 'Status changed', 'Status changed']);
    expect(history[2]!.changes[0]).toEqual({ field: 'Status', from: 'Initial Review', to: 'Denied' });
  });

  it('shows a neutral marker, not an error, once the owner’s key is erased', async () => {
    await fileClaim();
    await spec.vault.erase(userId);
    await project();
    expect((await findClaimDetail(spec.knex, userId, claimId, new Date()))!.condition).toBe('[removed]');
    expect(await spec.knex('subscription_dead_letters')).toHaveLength(0);
  });

  it('lists on the dashboard the claim filed, the document uploaded and its analysis, until the document is deleted', async () => {
    const documentId = randomUUID();
    const analysisId = randomUUID();
    const name = await spec.vault.seal(userId, { fileName: 'migraine-log.pdf' });
    await fileClaim();
    const document = `document-${documentId}`;
    await spec.given(
      document,
      [
        {
          type: 'DocumentRegistered',
          data: {
            documentId,
            userId,
            name,
            fileType: 'application/pdf',
            detectedType: 'application/pdf',
            fileSize: 10,
            objectPath: `documents/${userId}/${documentId}`,
            digest: { plain: 'ab' },
            claimId,
          },
        },
      ],
      { occurredAt: new Date(filedAt.getTime() + DAY).toISOString(), userId },
    );
    await spec.given(
      document,
      [
        {
          type: 'DocumentAnalysisCompleted',
          data: {
            documentId,
            userId,
            analysisId,
            analysisType: 'nexus-letter',
            engine: { name: 'offline', model: 'rules' },
            result: await spec.vault.seal(userId, {}),
            name,
          },
        },
      ],
      { occurredAt: new Date(filedAt.getTime() + 2 * DAY).toISOString(), userId },
    );
    await spec.thenRows(
      'activities',
      [
        {
          user_id: userId,
          subject_id: claimId,
          type: 'claim_created',
          title: 'New claim added',
          description: 'Migraines (2026-001)',
          created_at: filedAt,
        },
        {
          user_id: userId,
          subject_id: documentId,
          type: 'document_upload',
          title: 'Document uploaded',
          description: 'migraine-log.pdf',
          created_at: new Date(filedAt.getTime() + DAY),
        },
        {
          user_id: userId,
          subject_id: documentId,
          type: 'ai_analysis',
          title: 'Nexus Letter Evaluator completed',
          description: 'migraine-log.pdf',
          created_at: new Date(filedAt.getTime() + 2 * DAY),
        },
      ],
      { orderBy: 'created_at' },
    );
    await spec.given(document, [{ type: 'DocumentDeleted', data: { documentId, userId } }]);
    await spec.thenRows('activities', [{ subject_id: claimId, type: 'claim_created' }]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-04-01T00:00:00.000Z' } }]);
    await spec.thenRows('activities', []);
  });
});
