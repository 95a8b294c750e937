import { randomUUID } from 'node:crypto';
import type { AnalysisResult } from '@cc/contracts';
import { projectorSpec } from '../testing/projectorSpec';
import { evidenceProjector } from './projector';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim } from './rules';

/**
 * The projector's part only: which rows each event writes and that every map is the rules' ruling
 * over those rows. What the rules decide is tested sentence by sentence in rules.test.ts and legal.test.ts.
 */
describe('evidence projector', () => {
  const spec = projectorSpec((vault) => [evidenceProjector(vault)]);
  const userId = randomUUID();
  const [claimId, documentId, analysisId] = [randomUUID(), randomUUID(), randomUUID()];
  const claimStream = `claim-${claimId}`;
  const documentStream = `document-${documentId}`;
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
  const claim = (status: EvidenceClaim['status'] = 'submitted'): EvidenceClaim => ({
    claimId,
    claimNumber: '2026-001',
    condition: 'Tinnitus',
    conditionType: 'primary',
    status,
    decisionDate: null,
  });
  const analysed: EvidenceAnalysis = { documentId, fileName: 'audiology.pdf', analysisId, analysisType: 'medical', result: diagnosis };
  /** The map row the rules give for the claim over these analyses, as stored (JSON). */
  const mapOf = (status: EvidenceClaim['status'], analyses: EvidenceAnalysis[]) => {
    const ruling = evidenceRuling({ claim: claim(status), analyses, otherClaims: [] });
    return {
      claim_id: claimId,
      user_id: userId,
      stage: ruling.stage,
      readiness: ruling.readiness,
      readiness_reason: ruling.readinessReason,
      elements: JSON.parse(JSON.stringify(ruling.elements)),
    };
  };

  async function fileClaim() {
    const text = await spec.vault.seal(userId, { condition: 'Tinnitus', nextAction: null });
    await spec.given(claimStream, [
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
          filedAt: '2026-10-01T12:00:00.000Z',
        },
      },
    ]);
  }
  async function analyseDocument() {
    const name = await spec.vault.seal(userId, { fileName: 'audiology.pdf' });
    await spec.given(documentStream, [
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
    ]);
  }

  it('keeps a filed claim with its opened condition and maps it with no evidence yet', async () => {
    await fileClaim();
    await spec.thenRows('evidence_claims', [
      {
        claim_id: claimId,
        user_id: userId,
        claim_number: '2026-001',
        condition: 'Tinnitus',
        condition_type: 'primary',
        status: 'submitted',
        decision_date: null,
      },
    ]);
    await spec.thenRows('evidence_maps', [{ ...mapOf('submitted', []), stage: 'building' }]);
    expect(mapOf('submitted', []).elements.find((e: { element: string }) => e.element === 'diagnosis').state).toBe('missing');
  });

  it("maps a claim over its documents' latest analyses, and takes a deleted document's evidence away", async () => {
    await fileClaim();
    await analyseDocument();
    await spec.thenRows('evidence_documents', [
      {
        document_id: documentId,
        user_id: userId,
        claim_id: claimId,
        file_name: 'audiology.pdf',
        analysis_id: analysisId,
        analysis_type: 'medical',
        result: diagnosis,
      },
    ]);
    const withDiagnosis = mapOf('submitted', [analysed]);
    expect(withDiagnosis.elements).not.toEqual(mapOf('submitted', []).elements);
    await spec.thenRows('evidence_maps', [withDiagnosis]);
    await spec.given(documentStream, [{ type: 'DocumentDeleted', data: { documentId, userId } }]);
    await spec.thenRows('evidence_documents', []);
    await spec.thenRows('evidence_maps', [mapOf('submitted', [])]);
  });

  it('moves the evidence with the document when it is linked to no claim', async () => {
    await fileClaim();
    await analyseDocument();
    await spec.given(documentStream, [{ type: 'DocumentLinkedToClaim', data: { documentId, userId, claimId: null } }]);
    await spec.thenRows('evidence_documents', [{ document_id: documentId, claim_id: null }]);
    await spec.thenRows('evidence_maps', [mapOf('submitted', [])]);
  });

  it('follows the claim to its decision, and drops every row when the account is erased', async () => {
    await fileClaim();
    await analyseDocument();
    await spec.given(claimStream, [
      { type: 'ClaimStatusChanged', data: { claimId, userId, from: 'submitted', to: 'approved', progressPercentage: 100, note: null } },
    ]);
    await spec.thenRows('evidence_claims', [{ claim_id: claimId, status: 'approved' }]);
    await spec.thenRows('evidence_maps', [{ ...mapOf('approved', [analysed]), stage: 'granted' }]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-10-05T00:00:00.000Z' } }]);
    for (const table of ['evidence_claims', 'evidence_documents', 'evidence_maps']) await spec.thenRows(table, []);
  });
});
