import { readFileSync } from 'node:fs';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { createOfflineEngine, type AnalysisEngine } from '@cc/ai-worker';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const LETTER = readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus/nexus-strong-osa-secondary-ptsd.txt'), 'utf8');

/**
 * The offline engine behind a gate, as a slow remote model would answer, counting how many run at
 * once. Held until the test opens the gate, so a loaded machine that delivers the requests slowly
 * still shows the worker's full concurrency (a fixed wait made this depend on timing).
 */
function countingEngine() {
  const offline = createOfflineEngine();
  const stats = { running: 0, most: 0, calls: 0 };
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const engine: AnalysisEngine = {
    name: offline.name,
    model: offline.model,
    async analyze(input) {
      stats.calls += 1;
      stats.most = Math.max(stats.most, ++stats.running);
      try {
        await gate;
        return await offline.analyze(input);
      } finally {
        stats.running -= 1;
      }
    },
  };
  return { engine, stats, openGate: () => open() };
}

describe('ten analyses requested together', () => {
  let app: TestApp;
  let vet: TestClient;
  const { engine, stats, openGate } = countingEngine();

  beforeAll(async () => {
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'together.admin@example.org', ADMIN_PASSWORD: 'correct horse battery', ANALYSIS_CONCURRENCY: '4' },
      analysis: { analysisEngine: engine, analysisWaitMs: 0 },
    });
    const admin = app.client();
    await admin.signIn('together.admin@example.org');
    vet = app.client();
    const user = await vet.register('together.vet@example.org');
    await grantTier(admin, vet, user.id, 'pro');
  });
  afterAll(async () => app.close());

  it('all complete, with exactly one result each, up to ANALYSIS_CONCURRENCY at once', async () => {
    const documentIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
      expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBe(201);
      const registered = await vet.put('/api/documents', { documentURL: address, fileName: `letter ${i}.txt`, fileType: 'text/plain' });
      expect(registered.status).toBe(201);
      documentIds.push(registered.data.id as string);
    }
    const requested = await Promise.all(
      documentIds.map((id) => vet.post(`/api/documents/${id}/analyze`, { analysisType: 'nexus-letter' })),
    );
    expect(requested.map((r) => r.status)).toEqual(Array(10).fill(202));

    // The worker takes up to four; wait for them, give it a moment to (wrongly) take more, then let them answer.
    for (const until = Date.now() + 30_000; stats.running < 4 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(stats.running).toBe(4);
    openGate();

    const deadline = Date.now() + 30_000;
    const outcomes = async () =>
      Promise.all(documentIds.map(async (id) => (await app.system.store.readStream(streams.document(id))).events.map((e) => e.type)));
    while (Date.now() < deadline && (await outcomes()).some((types) => !types.includes('DocumentAnalysisCompleted'))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const types of await outcomes())
      expect(types).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
    expect(stats.calls).toBe(10);
    expect(stats.most).toBe(4);
    // The results were written by the worker, not by this user, so the user's next read does not wait for them.
    await app.system.projections.runner.waitFor(await app.system.store.headPosition(), 30_000);
    const listed = await vet.get('/api/documents');
    expect(listed.data.map((d: { processingStatus: string }) => d.processingStatus)).toEqual(Array(10).fill('completed'));
  }, 60_000);
});
