import { randomUUID } from 'node:crypto';
import type { AnalysisResult } from '@cc/contracts';
import { projectorSpec } from '../testing/projectorSpec';
import { evidenceProjector } from '../evidence/projector';
import { evidenceRuling } from '../evidence/rules';
import { claimChangesProjector } from './claimChanges';

/** The analytics read models: given claim and document events, the rows each projector writes. */
describe('analytics projectors', () => {
  const spec = projectorSpec((vault) => [claimChangesProjector(), evidenceProjector(vault)]);
  const userId = randomUUID();
  const [claimId, documentId, analysisId] = [randomUUID(), randomUUID(), randomUUID()];
  const claimStream = `claim-${claimId}`;
  const diagnosis: AnalysisResult = {
    analysisType: 'medical',
    engine: { name: 'offline', model: 'rules-v1' },
    documentType: 'Private medical record',
    relevantConditions: ['Tinnitus'],
    conditionFindings: [{ name: 'Tinnitus', source: 'Diagnosis: tinnitus.' }],
    keyFindings: [],
    missingInformation: [],
    suggestedActions: [],
  };
  const claim = { claimId, claimNumber: '2026-001', condition: 'Tinnitus', conditionType: 'primary' as const, decisionDate: null };
  const readinessOf = (status: 'submitted' | 'approved', withDiagnosis: boolean) =>
    evidenceRuling({
      claim: { ...claim, status },
      analyses: withDiagnosis ? [{ documentId, fileName: 'audiology.pdf', analysisId, analysisType: 'medical', result: diagnosis }] : [],
      otherClaims: [],
    });

  async function history() {
    const text = await spec.vault.seal(userId, { condition: 'Tinnitus', nextAction: null });
    const name = await spec.vault.seal(userId, { fileName: 'audiology.pdf' });
    await spec.given(
      claimStream,
      [
        {
          type: 'ClaimFiled',
          data: {
            claimId,
            userId,
            claimNumber: '2026-001',
            text,
            conditionType: 'primary',
            priority: 'normal',
            estimatedDecisionDate: null,
            filedAt: '2026-09-30T12:00:00.000Z',
          },
        },
      ],
      { occurredAt: '2026-10-01T12:00:00.000Z' },
    );
    await spec.given(
      `document-${documentId}`,
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
        {
          type: 'DocumentAnalysisCompleted',
          data: {
            documentId,
            userId,
            analysisId,
            analysisType: 'medical',
            engine: { name: 'offline', model: 'rules-v1' },
            result: await spec.vault.seal(userId, diagnosis),
            name,
          },
        },
      ],
      { occurredAt: '2026-10-02T12:00:00.000Z' },
    );
    await spec.given(
      claimStream,
      [
        { type: 'ClaimStatusChanged', data: { claimId, userId, from: 'submitted', to: 'approved', progressPercentage: 100, note: null } },
        { type: 'ClaimRatingChanged', data: { claimId, userId, from: null, to: 30 } },
      ],
      { occurredAt: '2026-10-03T12:00:00.000Z' },
    );
  }

  it('records the filing, each status change and each rating change, raw, in the log order', async () => {
    await history();
    await spec.thenRows(
      'analytics_claim_changes',
      [
        { claim_id: claimId, user_id: userId, kind: 'filed', status: 'submitted', rating: null, at: new Date('2026-09-30T12:00:00.000Z') },
        { kind: 'status', status: 'approved', rating: null, at: new Date('2026-10-03T12:00:00.000Z') },
        { kind: 'rating', status: null, rating: 30, at: new Date('2026-10-03T12:00:00.000Z') },
      ],
      { orderBy: ['position_tx', 'position_seq'] },
    );
  });

  it('records one readiness row per change of readiness or stage, and none for an event that changes neither', async () => {
    await history();
    const filed = readinessOf('submitted', false);
    const diagnosed = readinessOf('submitted', true);
    const granted = readinessOf('approved', true);
    expect(diagnosed.readiness).not.toBe(filed.readiness);
    await spec.thenRows(
      'analytics_readiness_history',
      [
        { claim_id: claimId, user_id: userId, readiness: filed.readiness, stage: filed.stage, at: new Date('2026-10-01T12:00:00.000Z') },
        { readiness: diagnosed.readiness, stage: diagnosed.stage, at: new Date('2026-10-02T12:00:00.000Z') },
        { readiness: granted.readiness, stage: 'granted', at: new Date('2026-10-03T12:00:00.000Z') },
      ],
      { orderBy: ['position_tx', 'position_seq'] },
    );
    // The registration alone (no analysis yet) and the rating change move no map.
    expect(await spec.rows('analytics_readiness_history')).toHaveLength(3);
    // The last row is the evidence map as it stands.
    await spec.thenRows('evidence_maps', [{ claim_id: claimId, readiness: granted.readiness, stage: 'granted' }]);
  });

  it('gives the same rows when replayed from the start (a new version), and drops them when the account is erased', async () => {
    await history();
    const before = {
      changes: await spec.rows('analytics_claim_changes', { orderBy: 'event_id' }),
      readiness: await spec.rows('analytics_readiness_history', { orderBy: ['event_id', 'claim_id'] }),
    };
    await spec.project({ version: 99 });
    expect(await spec.rows('analytics_claim_changes', { orderBy: 'event_id' })).toEqual(before.changes);
    expect(await spec.rows('analytics_readiness_history', { orderBy: ['event_id', 'claim_id'] })).toEqual(before.readiness);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-10-05T00:00:00.000Z' } }]);
    for (const table of [
      'analytics_claim_changes',
      'analytics_readiness_history',
      'evidence_claims',
      'evidence_documents',
      'evidence_maps',
    ])
      await spec.thenRows(table, []);
  });
});
