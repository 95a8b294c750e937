import { randomUUID } from 'node:crypto';
import { ERASED } from '../claims/sealed';
import { projectorSpec } from '../testing/projectorSpec';
import { documentsProjector } from './projector';

describe('documents projector', () => {
  const spec = projectorSpec((vault) => [documentsProjector(vault)]);
  const userId = randomUUID();
  const documentId = randomUUID();
  const [claimId, analysisId, later] = [randomUUID(), randomUUID(), randomUUID()];
  const stream = `document-${documentId}`;
  const sha256 = 'a'.repeat(64);
  const result = { summary: 'A nexus letter for sleep apnea secondary to PTSD.' };

  const registered = async () => ({
    type: 'DocumentRegistered',
    data: {
      documentId,
      userId,
      name: await spec.vault.seal(userId, { fileName: 'nexus-letter.pdf' }),
      fileType: 'application/pdf',
      detectedType: 'application/pdf',
      fileSize: 1234,
      objectPath: `documents/${userId}/${documentId}`,
      digest: { sealed: await spec.vault.seal(userId, { sha256 }) },
      claimId: null,
    },
  });
  const requested = (id: string) => ({
    type: 'DocumentAnalysisRequested',
    data: {
      documentId,
      userId,
      analysisId: id,
      analysisType: 'nexus-letter',
      objectPath: `documents/${userId}/${documentId}`,
      detectedType: 'application/pdf',
      fileSize: 1234,
      requestedAt: '2026-09-01T10:01:00.000Z',
    },
  });
  const completed = async (id: string) => ({
    type: 'DocumentAnalysisCompleted',
    data: {
      documentId,
      userId,
      analysisId: id,
      analysisType: 'nexus-letter',
      engine: { name: 'offline', model: 'rules' },
      result: await spec.vault.seal(userId, result),
      name: await spec.vault.seal(userId, { fileName: 'nexus-letter.pdf' }),
    },
  });

  it('lists a registered document with its opened file name and digest, then links it to a claim', async () => {
    await spec.given(stream, [await registered()], { occurredAt: '2026-09-01T10:00:00.000Z' });
    await spec.thenRows('documents', [
      {
        document_id: documentId,
        user_id: userId,
        file_name: 'nexus-letter.pdf',
        file_type: 'application/pdf',
        detected_type: 'application/pdf',
        file_size: '1234',
        object_path: `documents/${userId}/${documentId}`,
        sha256,
        processing_status: 'pending',
        claim_id: null,
        uploaded_at: new Date('2026-09-01T10:00:00.000Z'),
      },
    ]);
    await spec.given(stream, [{ type: 'DocumentLinkedToClaim', data: { documentId, userId, claimId } }]);
    await spec.thenRows('documents', [{ document_id: documentId, claim_id: claimId }]);
  });

  it('follows an analysis from processing to its results, and keeps them when a later one fails', async () => {
    await spec.given(stream, [await registered(), requested(analysisId)]);
    await spec.thenRows('documents', [
      { processing_status: 'processing', analysis_type: 'nexus-letter', analysis_error: null, ai_analysis_results: null },
    ]);
    await spec.given(stream, [await completed(analysisId)], { occurredAt: '2026-09-01T10:02:00.000Z' });
    await spec.thenRows('documents', [
      {
        processing_status: 'completed',
        analysis_id: analysisId,
        ai_analysis_results: result,
        analyzed_at: new Date('2026-09-01T10:02:00.000Z'),
      },
    ]);
    await spec.given(stream, [
      requested(later),
      { type: 'DocumentAnalysisFailed', data: { documentId, userId, analysisId: later, analysisType: 'nexus-letter', reason: 'No text.' } },
    ]);
    await spec.thenRows('documents', [
      { processing_status: 'failed', analysis_error: 'No text.', analysis_id: analysisId, ai_analysis_results: result },
    ]);
  });

  it('completes without results once the key is erased, and removes a deleted document', async () => {
    await spec.given(stream, [await registered(), requested(analysisId), await completed(analysisId)]);
    await spec.vault.erase(userId);
    await spec.thenRows('documents', [
      { file_name: ERASED, sha256: '', processing_status: 'completed', analysis_id: null, ai_analysis_results: null, analyzed_at: null },
    ]);
    await spec.given(stream, [{ type: 'DocumentDeleted', data: { documentId, userId } }]);
    await spec.thenRows('documents', []);
  });

  it("drops the user's documents when the account is erased", async () => {
    await spec.given(stream, [await registered()]);
    await spec.given(`account-${userId}`, [{ type: 'AccountErased', data: { userId, erasedAt: '2026-09-02T00:00:00.000Z' } }]);
    await spec.thenRows('documents', []);
  });
});
