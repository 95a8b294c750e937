import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANALYSIS_MESSAGES, streams } from '@cc/contracts';
import { createOfflineEngine, EXTRACTION_REASONS, type AnalysisEngine } from '@cc/ai-worker';
import { makePdf, textToPdf } from '@cc/ai-worker/testing/makePdf';
import { slowedEngine } from '@cc/ai-worker/testing/slowedEngine';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name), 'utf8');
const NEXUS_LETTER = corpus('nexus-strong-osa-secondary-ptsd.txt');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function upload(client: TestClient, fileName: string, body: Buffer, contentType: string) {
  const address = await client.post('/api/objects/upload', {});
  expect(address.status).toBe(200);
  const url = address.data.uploadURL as string;
  const put = await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': contentType } });
  expect(put.status).toBe(201);
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: contentType, fileSize: body.length });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

const eventTypes = async (app: TestApp, streamId: string) => (await app.system.store.readStream(streamId)).events.map((e) => e.type);

async function signUp(app: TestApp, admin: TestClient, email: string, tier: 'free' | 'basic' | 'pro') {
  const client = app.client();
  const user = await client.register(email);
  if (tier !== 'free') expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: tier })).status).toBe(200);
  // The session reads its tier from the read model, which the admin's change reaches shortly after.
  for (let i = 0; i < 100 && (await client.get('/api/auth/user')).data.memberTier !== tier; i++)
    await new Promise((r) => setTimeout(r, 20));
  return { client, id: user.id };
}

describe('document analysis API', () => {
  let app: TestApp;
  let admin: TestClient;
  let vet: { client: TestClient; id: string };
  let nexusId: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'analysis.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('analysis.admin@example.org');
    vet = await signUp(app, admin, 'analysis.basic@example.org', 'basic');
    nexusId = await upload(vet.client, 'Dr Rivera nexus letter.pdf', textToPdf(NEXUS_LETTER), 'application/pdf');
  });
  afterAll(async () => app.close());

  it('analyses the real text of a stored PDF and answers with the result', async () => {
    const res = await vet.client.post(`/api/documents/${nexusId}/analyze`, {
      analysisType: 'nexus-letter',
      documentText: 'Please analyze this document for nexus-letter.',
    });
    expect(res.status).toBe(200);
    const result = res.data.analysisResult;
    expect(result).toMatchObject({ analysisType: 'nexus-letter', engine: { name: 'offline' } });
    expect(result.relevantConditions).toEqual(expect.arrayContaining(['Obstructive sleep apnea', 'PTSD']));
    expect(result.nexusEvaluation).toMatchObject({ hasRequiredLanguage: true, classification: 'favourable' });
    expect(result.nexusEvaluation.requiredLanguageFound.join(' ')).toMatch(/at least as likely as not/i);
    // The placeholder the spec's client sends is not what was analysed.
    expect(JSON.stringify(result)).not.toContain('Please analyze this document');
    expect(res.data.document).toMatchObject({
      id: nexusId,
      processingStatus: 'completed',
      analysisType: 'nexus-letter',
      analysisError: null,
    });

    const document = (await vet.client.get(`/api/documents/${nexusId}`)).data;
    expect(document.aiAnalysisResults).toEqual(result);
    expect(document.analyzedAt).toEqual(expect.any(String));
    const board = (await vet.client.get('/api/dashboard')).data;
    expect(board.recentActivities[0]).toMatchObject({
      type: 'ai_analysis',
      title: 'Nexus Letter Evaluator completed',
      description: 'Dr Rivera nexus letter.pdf',
    });
    // Neither the document's text nor its findings reach the logs or the stored events in clear.
    const opinion = result.nexusEvaluation.nexusOpinion as string;
    expect(opinion.length).toBeGreaterThan(20);
    expect(app.logs.join('\n')).not.toContain(opinion.slice(0, 40));
    const stored = JSON.stringify((await app.system.store.readStream(streams.document(nexusId))).events.map((e) => e.data));
    expect(stored).not.toContain(opinion.slice(0, 40));
    expect(stored).not.toContain('Obstructive sleep apnea');
  });

  it('analyses a document that has results again, with another type', async () => {
    const res = await vet.client.post(`/api/documents/${nexusId}/analyze`, { analysisType: 'secondary-conditions' });
    expect(res.status).toBe(200);
    expect(res.data.analysisResult.analysisType).toBe('secondary-conditions');
    expect(res.data.analysisResult.secondaryConditionsAnalysis).toBeDefined();
    expect(res.data.document).toMatchObject({ processingStatus: 'completed', analysisType: 'secondary-conditions' });
  });

  it('turns the analyses into the AI profile', async () => {
    const profile = (await vet.client.get('/api/ai-analysis/profile')).data;
    expect(profile.potentialConditions.map((c: { condition: string }) => c.condition)).toEqual(
      expect.arrayContaining(['Obstructive sleep apnea', 'PTSD']),
    );
    for (const c of profile.potentialConditions) expect(c.confidence).toBeGreaterThan(0);
    expect(profile.existingConditions).toEqual([]);
  });

  it('refuses an unknown analysis type or a missing one with a 400 naming the field', async () => {
    for (const body of [{ analysisType: 'astrology' }, {}, { analysisType: 7 }]) {
      const res = await vet.client.post(`/api/documents/${nexusId}/analyze`, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(JSON.stringify(res.data)).toContain('analysisType');
    }
  });

  it("answers another user's document, a deleted one and a made-up id as not found, recording nothing", async () => {
    const stranger = await signUp(app, admin, 'analysis.stranger@example.org', 'pro');
    const before = await eventTypes(app, streams.document(nexusId));
    for (const id of [nexusId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await stranger.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
      expect(res.status).toBe(404);
      expect((await stranger.client.post(`/api/documents/${id}/analysis-pdf`, {})).status).toBe(404);
    }
    expect(await eventTypes(app, streams.document(nexusId))).toEqual(before);
    expect(await eventTypes(app, streams.user(stranger.id))).not.toContain('UserDocumentAnalysisStarted');
  });

  it('blocks the Free plan with the spec text and records nothing', async () => {
    const free = await signUp(app, admin, 'analysis.free@example.org', 'free');
    const id = await upload(free.client, 'notes.txt', Buffer.from(NEXUS_LETTER), 'text/plain');
    const res = await free.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ title: 'Upgrade Required', detail: ANALYSIS_MESSAGES.freePlan, upgrade: true });
    expect(await eventTypes(app, streams.document(id))).toEqual(['DocumentRegistered']);
    expect((await free.client.get(`/api/documents/${id}`)).data.processingStatus).toBe('pending');
  });

  it.each([
    ['an image', 'scan.png', PNG, 'image/png', EXTRACTION_REASONS.wrongType],
    ['a PDF with no text (a scan)', 'scan.pdf', makePdf([[]]), 'application/pdf', EXTRACTION_REASONS.noText],
    ['a text file over 10MB', 'huge.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'tinnitus '), 'text/plain', EXTRACTION_REASONS.tooLarge],
  ])('fails %s with a clear reason on the card, and gives the analysis back', async (_what, name, body, type, reason) => {
    const id = await upload(vet.client, name, body, type);
    const res = await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({ title: 'Failed to analyze document', detail: reason });
    const document = (await vet.client.get(`/api/documents/${id}`)).data;
    expect(document).toMatchObject({ processingStatus: 'failed', analysisError: reason, aiAnalysisResults: null });
    const userEvents = (await app.system.store.readStream(streams.user(vet.id))).events;
    const analysisId = userEvents.filter((e) => e.type === 'UserDocumentAnalysisStarted').at(-1)!.data as { analysisId: string };
    expect(userEvents.at(-1)).toMatchObject({ type: 'UserDocumentAnalysisRefunded', data: { analysisId: analysisId.analysisId } });
  });

  it('keeps earlier results when a later analysis fails', async () => {
    const id = await upload(vet.client, 'letter.txt', Buffer.from(NEXUS_LETTER), 'text/plain');
    expect((await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' })).status).toBe(200);
    // The same file, removed from storage behind the app's back, cannot be read a second time.
    const { rm } = await import('node:fs/promises');
    const root = (app.config.objectStorage as { root: string }).root;
    await rm(path.join(root, 'documents', vet.id, id), { force: true });
    const res = await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'timeline' });
    expect(res.status).toBe(422);
    const document = (await vet.client.get(`/api/documents/${id}`)).data;
    expect(document).toMatchObject({ processingStatus: 'failed', analysisType: 'timeline' });
    expect(document.aiAnalysisResults.analysisType).toBe('general');
  });

  it('builds a report PDF from the stored result and adds it to the documents, linked like the original', async () => {
    const res = await vet.client.post(`/api/documents/${nexusId}/analysis-pdf`, {
      documentId: nexusId,
      analysisType: 'nexus-letter',
      analysisResults: { forged: true },
      originalFileName: 'whatever.pdf',
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      fileName: 'Dr Rivera nexus letter - Secondary Conditions Finder report.pdf',
      detectedType: 'application/pdf',
      processingStatus: 'pending',
    });
    const file = await vet.client.get(res.data.fileUrl);
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    const events = (await app.system.store.readStream(streams.document(res.data.id))).events;
    expect(events[0]!.data).toMatchObject({ reportOf: { documentId: nexusId } });
    const list = (await vet.client.get('/api/documents')).data.map((d: { id: string }) => d.id);
    expect(list).toContain(res.data.id);
  });

  it('refuses a report for a document without results', async () => {
    const id = await upload(vet.client, 'plain.txt', Buffer.from('Tinnitus since 2004, documented in service.'), 'text/plain');
    const res = await vet.client.post(`/api/documents/${id}/analysis-pdf`, {});
    expect(res.status).toBe(409);
    expect(res.data.detail).toBe(ANALYSIS_MESSAGES.noResults);
  });

  it('lets one of two simultaneous analyses of a document run, and charges only that one', async () => {
    const user = await signUp(app, admin, 'analysis.race@example.org', 'basic');
    const id = await upload(user.client, 'race.txt', Buffer.from(NEXUS_LETTER), 'text/plain');
    const [a, b] = await Promise.all([
      user.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' }),
      user.client.post(`/api/documents/${id}/analyze`, { analysisType: 'timeline' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.data.detail).toBe(ANALYSIS_MESSAGES.alreadyProcessing);
    const types = await eventTypes(app, streams.user(user.id));
    const started = types.filter((t) => t === 'UserDocumentAnalysisStarted').length;
    const refunded = types.filter((t) => t === 'UserDocumentAnalysisRefunded').length;
    expect(started - refunded).toBe(1);
  });

  it('holds the Basic monthly quota of 25 under simultaneous requests', async () => {
    const user = await signUp(app, admin, 'analysis.quota@example.org', 'basic');
    const ids: string[] = [];
    for (let i = 0; i < 27; i++)
      ids.push(
        await upload(user.client, `note-${i}.txt`, Buffer.from(`Tinnitus noted at visit ${i}. Hearing loss bilateral.`), 'text/plain'),
      );
    const answers = await Promise.all(ids.map((id) => user.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200 || s === 202)).toHaveLength(25);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.data).toMatchObject({ detail: ANALYSIS_MESSAGES.limitReached(25), limit: 25 });
  }, 120_000);
});

describe('document analysis API when the worker takes longer than the wait', () => {
  let app: TestApp;
  const offline = createOfflineEngine();
  const slow: AnalysisEngine = {
    name: 'slow-offline',
    model: offline.model,
    analyze: async (input) => {
      await new Promise((r) => setTimeout(r, 500));
      return { ...(await offline.analyze(input)), engine: { name: 'slow-offline', model: offline.model } };
    },
  };

  beforeAll(async () => {
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'slow.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      analysis: { analysisWaitMs: 50, analysisEngine: slow },
    });
  });
  afterAll(async () => app.close());

  it('answers 202 with the document processing, which then completes', async () => {
    const admin = app.client();
    await admin.signIn('slow.admin@example.org');
    const vet = await signUp(app, admin, 'slow.vet@example.org', 'pro');
    const id = await upload(vet.client, 'letter.txt', Buffer.from(NEXUS_LETTER), 'text/plain');
    const res = await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'nexus-letter' });
    expect(res.status).toBe(202);
    expect(res.data.document).toMatchObject({ id, processingStatus: 'processing', analysisType: 'nexus-letter' });
    const again = await vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    expect(again.status).toBe(409);

    let document = res.data.document;
    for (let i = 0; i < 100 && document.processingStatus === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      document = (await vet.client.get(`/api/documents/${id}`)).data;
    }
    expect(document).toMatchObject({ processingStatus: 'completed', aiAnalysisResults: { engine: { name: 'slow-offline' } } });
  });
});

describe('document analysis API when the document is deleted during its analysis', () => {
  let app: TestApp;
  const offline = createOfflineEngine();
  const slow = slowedEngine(offline, 1_000);

  beforeAll(async () => {
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'gone.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      analysis: { analysisWaitMs: 20_000, analysisEngine: slow },
    });
  });
  afterAll(async () => app.close());

  it('answers 404 to the waiting request and gives the analysis back', async () => {
    const admin = app.client();
    await admin.signIn('gone.admin@example.org');
    const vet = await signUp(app, admin, 'gone.vet@example.org', 'basic');
    const id = await upload(vet.client, 'letter.txt', Buffer.from(NEXUS_LETTER), 'text/plain');
    const analysing = vet.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    // The same user, in another tab, deletes the document while the worker is analysing it.
    for (let i = 0; i < 100 && !(await eventTypes(app, streams.document(id))).includes('DocumentAnalysisRequested'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await vet.client.request('DELETE', `/api/documents/${id}`)).status).toBe(204);
    const res = await analysing;
    expect(res.status).toBe(404);
    for (let i = 0; i < 100 && !(await eventTypes(app, streams.user(vet.id))).includes('UserDocumentAnalysisRefunded'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await eventTypes(app, streams.user(vet.id))).toContain('UserDocumentAnalysisRefunded');
    expect(await eventTypes(app, streams.document(id))).not.toContain('DocumentAnalysisCompleted');
  });
});
