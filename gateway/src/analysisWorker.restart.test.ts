import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { DOCUMENT_ANALYSIS_WORKER } from '@cc/ai-worker';
import { startTestApp, type TestApp, type TestClient } from './testing/testApp';

const LETTER = readFileSync(path.resolve(__dirname, '../../ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');

/** The analysis worker in its own process, as it runs in production, against this test's database and files. */
function startWorkerProcess(app: TestApp, hang: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing/analysisWorkerProcess.ts')], {
    env: {
      ...process.env,
      TEST_DATABASE_URL: app.config.databaseUrl!,
      STORAGE_ROOT: (app.config.objectStorage as { root: string }).root,
      HANG_IN_ENGINE: hang ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    app = await startTestApp({ env: { ADMIN_EMAILS: 'restart.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' }, analysis: { analysisWorker: false, analysisWaitMs: 0 } });
    const admin = app.client();
    await admin.signIn('restart.admin@example.org');
    vet = app.client();
    const user = await vet.register('restart.vet@example.org');
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);
  });
  afterAll(async () => app.close());

  it('analyses again after being killed mid-analysis, and a repeated delivery yields one result', async () => {
    const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } });
    const documentId = (await vet.put('/api/documents', { documentURL: address, fileName: 'gerd letter.txt', fileType: 'text/plain' })).data.id as string;
    let requested = await vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' });
    for (let i = 0; i < 50 && requested.status === 403; i++) {
      // The tier change reaches this session's read model a moment after the admin made it.
      await new Promise((r) => setTimeout(r, 20));
      requested = await vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' });
    }
    expect(requested.status).toBe(202);

    const doomed = startWorkerProcess(app, true);
    await doomed.saw('engine entered');
    expect(await kill(doomed, 'SIGKILL')).toBe('SIGKILL');
    expect((await vet.get(`/api/documents/${documentId}`)).data.processingStatus).toBe('processing');

    const restarted = startWorkerProcess(app, false);
    await restarted.saw('document analysis finished');
    let document = (await vet.get(`/api/documents/${documentId}`)).data;
    for (let i = 0; i < 100 && document.processingStatus !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      document = (await vet.get(`/api/documents/${documentId}`)).data;
    }
    expect(document).toMatchObject({ processingStatus: 'completed', analysisType: 'nexus-letter' });
    expect(document.aiAnalysisResults.nexusEvaluation.hasRequiredLanguage).toBe(true);
    await kill(restarted, 'SIGTERM');

    // Deliver the request again from the start, as a lost checkpoint would.
    await app.system.knex('subscription_checkpoints').where({ name: `worker:${DOCUMENT_ANALYSIS_WORKER}` }).del();
    const replay = startWorkerProcess(app, false);
    await replay.saw('document analysis finished');
    await kill(replay, 'SIGTERM');

    const types = (await app.system.store.readStream(streams.document(documentId))).events.map((e) => e.type);
    expect(types).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
  }, 90_000);
});
