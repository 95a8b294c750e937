import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { DOCUMENT_ANALYSIS_WORKER } from '@cc/ai-worker';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const LETTER = readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');

/** The analysis worker in its own process, as it runs in production, against this test's database and files. */
function startWorkerProcess(app: TestApp, hang: boolean) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../../gateway/src/testing/analysisWorkerProcess.ts')],
    {
      env: {
        ...process.env,
        TEST_DATABASE_URL: app.config.databaseUrl!,
        STORAGE_ROOT: (app.config.objectStorage as { root: string }).root,
        HANG_IN_ENGINE: hang ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const saw = async (text: string, times = 1) => {
    for (let i = 0; i < 600 && output.split(text).length - 1 < times; i++) await new Promise((r) => setTimeout(r, 50));
    if (output.split(text).length - 1 < times) throw new Error(`worker never printed "${text}":\n${output}`);
  };
  return { child, saw, exited, output: () => output };
}

async function kill(worker: { child: ChildProcess; exited: Promise<NodeJS.Signals | null> }, signal: NodeJS.Signals) {
  worker.child.kill(signal);
  return worker.exited;
}

describe('document analysis worker across a crash', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    // The app's own worker is off: the worker here runs, and dies, in a child process.
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'restart.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      analysis: { analysisWorker: false, analysisWaitMs: 0 },
    });
    const admin = app.client();
    await admin.signIn('restart.admin@example.org');
    vet = app.client();
    const user = await vet.register('restart.vet@example.org');
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);
  });
  afterAll(async () => app.close());

  it('analyses again after being killed during ten analyses, and a repeated delivery yields one result each without running the engine', async () => {
    const documentIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
      await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } });
      documentIds.push(
        (await vet.put('/api/documents', { documentURL: address, fileName: `gerd letter ${i}.txt`, fileType: 'text/plain' })).data
          .id as string,
      );
    }
    const analyze = (id: string) => vet.post(`/api/documents/${id}/analyze`, { analysisType: 'nexus-letter' });
    let first = await analyze(documentIds[0]!);
    for (let i = 0; i < 50 && first.status === 403; i++) {
      // The tier change reaches this session's read model a moment after the admin made it.
      await new Promise((r) => setTimeout(r, 20));
      first = await analyze(documentIds[0]!);
    }
    const rest = await Promise.all(documentIds.slice(1).map(analyze));
    expect([first, ...rest].map((r) => r.status)).toEqual(Array(10).fill(202));

    // Four analyses are in the engine at once when the worker dies.
    const doomed = startWorkerProcess(app, true);
    await doomed.saw('engine entered', 4);
    expect(await kill(doomed, 'SIGKILL')).toBe('SIGKILL');
    const statuses = async () =>
      Promise.all(documentIds.map(async (id) => (await vet.get(`/api/documents/${id}`)).data.processingStatus as string));
    expect(await statuses()).toEqual(Array(10).fill('processing'));

    const restarted = startWorkerProcess(app, false);
    await restarted.saw('document analysis finished', 10);
    for (let i = 0; i < 100 && (await statuses()).some((s) => s !== 'completed'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await statuses()).toEqual(Array(10).fill('completed'));
    const document = (await vet.get(`/api/documents/${documentIds[3]}`)).data;
    expect(document).toMatchObject({ processingStatus: 'completed', analysisType: 'nexus-letter' });
    expect(document.aiAnalysisResults.nexusEvaluation.hasRequiredLanguage).toBe(true);
    await kill(restarted, 'SIGTERM');

    // Deliver every request again from the start, as a lost checkpoint would.
    await app.system
      .knex('subscription_checkpoints')
      .where({ name: `worker:${DOCUMENT_ANALYSIS_WORKER}` })
      .del();
    const replay = startWorkerProcess(app, false);
    await replay.saw('document analysis finished', 10);
    await kill(replay, 'SIGTERM');
    expect(replay.output()).not.toContain('engine entered');

    for (const id of documentIds) {
      const types = (await app.system.store.readStream(streams.document(id))).events.map((e) => e.type);
      expect(types).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
    }
    // Every analysis was counted once and none was given back (counted by type, wherever the quota is kept).
    const count = async (type: string) =>
      Number((await app.system.knex('events').where({ type }).count<{ count: string }[]>('* as count'))[0]!.count);
    expect(await count('UserDocumentAnalysisStarted')).toBe(10);
    expect(await count('UserDocumentAnalysisRefunded')).toBe(0);
  }, 120_000);
});
