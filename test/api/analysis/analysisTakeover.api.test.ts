import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { streams, type AnalysisType } from '@cc/contracts';
import {
  analysisClaims,
  createOfflineEngine,
  DOCUMENT_ANALYSIS_WORKER,
  startDocumentAnalysisWorker,
  type AnalysisEngine,
} from '@cc/ai-worker';
import { createLogger, idempotentEventId, type WorkerSubscription } from '@cc/platform';
import { analysisWorkerDeps } from '@cc/gateway/testing/analysisWorkerDeps';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

jest.setTimeout(60_000);

const LETTER = readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');
/**
 * A claim expires this long after its last heartbeat (30 s in production). Short, so the test is
 * quick, yet long enough that a machine busy with other tests does not delay a heartbeat that much
 * (at 300 ms, a loaded 2-core machine sometimes did, and the takeovers that followed were right).
 * The engine takes far longer, so a heartbeat that waited for an analysis would miss it.
 */
const CLAIM_TTL_MS = 1500;
const ENGINE_MS = 5000;

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Two analysis workers sharing the claims, as two ai-worker processes do. A worker that takes over
 * the claim of one that died must keep up the heartbeats of the analyses it already holds: when it
 * did not (the heartbeat waited for the taken-over analysis), the other worker took those over
 * too and ran their engine a second time.
 */
describe('analysis claims across two workers', () => {
  let app: TestApp;
  let vet: TestClient;
  const running: { stop(): Promise<void> }[] = [];
  /** Engine calls per analysis type (each analysis here has a type of its own). */
  const calls = new Map<AnalysisType, number>();
  const logs: string[] = [];

  /** The offline engine taking a few seconds, like a hosted model. */
  const slowEngine = (): AnalysisEngine => {
    const offline = createOfflineEngine();
    return {
      name: offline.name,
      model: offline.model,
      async analyze(input) {
        calls.set(input.analysisType, (calls.get(input.analysisType) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, ENGINE_MS));
        return offline.analyze(input);
      },
    };
  };

  const startAnalysisWorker = (name: string): WorkerSubscription => {
    const deps = analysisWorkerDeps(app.config.databaseUrl!, (app.config.objectStorage as { root: string }).root);
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _encoding, done) => (logs.push(`${name} ${String(chunk)}`), done()) }),
    );
    const worker = startDocumentAnalysisWorker({
      ...deps,
      engine: slowEngine(),
      logger,
      pollIntervalMs: 20,
      claims: analysisClaims(deps.knex, { ttlMs: CLAIM_TTL_MS, owner: name }),
    });
    running.push({ stop: async () => (await worker.stop(), await deps.close()) });
    return worker;
  };

  beforeAll(async () => {
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'takeover.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      // The workers here run the analyses, not the app's own.
      analysis: { analysisWorker: false, analysisWaitMs: 0 },
    });
    const admin = app.client();
    await admin.signIn('takeover.admin@example.org');
    vet = app.client();
    const user = await vet.register('takeover.vet@example.org');
    await grantTier(admin, vet, user.id, 'pro');
  });
  afterAll(async () => {
    for (const worker of running) await worker.stop();
    await app?.close();
  });

  const requestAnalysis = async (analysisType: AnalysisType) => {
    const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBe(201);
    const documentId = (await vet.put('/api/documents', { documentURL: address, fileName: `${analysisType}.txt`, fileType: 'text/plain' }))
      .data.id as string;
    expect((await vet.post(`/api/documents/${documentId}/analyze`, { analysisType })).status).toBe(202);
    const requested = (await app.system.store.readStream(streams.document(documentId))).events.find(
      (e) => e.type === 'DocumentAnalysisRequested',
    )!;
    return { documentId, requested, analysisId: (requested.data as { analysisId: string }).analysisId };
  };
  const types = async (documentId: string) => (await app.system.store.readStream(streams.document(documentId))).events.map((e) => e.type);

  it('runs the engine once per analysis when a worker takes over an expired claim while it holds another', async () => {
    const held = await requestAnalysis('nexus-letter');
    const orphan = await requestAnalysis('general');

    // A worker claimed the second analysis and is still alive (heartbeats) while the first worker starts.
    const dying = analysisClaims(app.system.knex, { ttlMs: CLAIM_TTL_MS, owner: 'worker that dies' });
    const eventId = idempotentEventId(DOCUMENT_ANALYSIS_WORKER, orphan.requested.id, '0');
    expect(await dying.claim({ analysisId: orphan.analysisId, eventId, request: orphan.requested.data, metadata: {} })).toBe(true);
    const heartbeats = setInterval(() => void dying.heartbeat([orphan.analysisId]), 50);

    try {
      startAnalysisWorker('worker A');
      await until(() => calls.get('nexus-letter') === 1, 'worker A running the first analysis');
      await until(
        () => logs.some((line) => line.startsWith('worker A') && line.includes('claimed-elsewhere') && line.includes(orphan.analysisId)),
        'worker A leaving the second analysis to its holder',
      );
    } finally {
      // Its holder dies: the claim expires, and worker A — the only one running, busy with the first
      // analysis — takes it over.
      clearInterval(heartbeats);
    }
    await until(() => calls.get('general') === 1, 'worker A taking the second analysis over');

    // A second worker joins while worker A runs both analyses in its engine.
    startAnalysisWorker('worker B');
    await until(
      async () =>
        (await types(held.documentId)).includes('DocumentAnalysisCompleted') &&
        (await types(orphan.documentId)).includes('DocumentAnalysisCompleted'),
      'both analyses completed',
    );
    // Long enough for worker B to take over a claim whose heartbeats had stopped.
    await new Promise((r) => setTimeout(r, CLAIM_TTL_MS * 3));

    expect(Object.fromEntries(calls)).toEqual({ 'nexus-letter': 1, general: 1 });
    expect(logs.filter((line) => line.startsWith('worker B') && line.includes('taken over'))).toEqual([]);
    for (const { documentId } of [held, orphan])
      expect(await types(documentId)).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
  });
});
