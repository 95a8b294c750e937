import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { streams } from '@cc/contracts';
import { createOpenAiEngine } from '@cc/ai-worker';
import { analyzeOffline } from '@cc/ai-worker/engines/offline/engine';
import { startFaultyProxy, type FaultyProxy } from '@cc/platform/testing/faultyProxy';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

jest.setTimeout(90_000);

const LETTER = readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus/nexus-gerd-secondary-nsaids.txt'), 'utf8');
const OUTAGE_MS = 5000;

/**
 * An OpenAI-compatible model server on 127.0.0.1 that answers like the real one (the offline
 * engine's findings as a chat completion), except during an outage: armed, it answers 503 for
 * `OUTAGE_MS` from the first request it gets.
 */
async function startModelServer() {
  const log: { at: number; status: number }[] = [];
  let outage: { armed: boolean; until?: number } = { armed: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = Date.now();
      if (outage.armed && outage.until === undefined) outage.until = now + OUTAGE_MS;
      if (outage.until !== undefined && now < outage.until) {
        log.push({ at: now, status: 503 });
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'overloaded', code: 'server_overloaded' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string; content: string }[] };
      const {
        analysisType: _type,
        engine: _engine,
        ...findings
      } = analyzeOffline(body.messages.find((m) => m.role === 'user')!.content, 'nexus-letter');
      log.push({ at: now, status: 200 });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(findings), refusal: null } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    log,
    /** 503 for OUTAGE_MS from the next request on. */
    failNext: () => (outage = { armed: true }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A healthy analysis outlives a short outage of what it depends on: the object storage (an
 * S3-compatible server behind a proxy that refuses every connection) or the model (503). Such
 * faults are waited out; the analysis completes once, and nothing is recorded as failed or parked.
 */
describe('document analysis through a storage or model outage', () => {
  let s3: S3rver;
  let dir: string;
  let proxy: FaultyProxy;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-outage-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
    proxy = await startFaultyProxy({ host: '127.0.0.1', port: (await s3.run()).port });
    model = await startModelServer();
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    app = await startTestApp({
      env: {
        S3_BUCKET: 'documents',
        S3_ENDPOINT: proxy.url('http://localhost').replace(/\/$/, ''),
        ADMIN_EMAILS: 'outage.admin@example.org',
        ADMIN_PASSWORD: 'correct horse battery',
      },
      // The production engine and its own retries, against the model server above.
      analysis: { analysisEngine: createOpenAiEngine({ apiKey: 'sk-test', model: 'gpt-test', baseUrl: model.url }), analysisWaitMs: 0 },
    });
    const admin = app.client();
    await admin.signIn('outage.admin@example.org');
    vet = app.client();
    const user = await vet.register('outage.vet@example.org');
    await grantTier(admin, vet, user.id, 'pro');
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await s3?.close();
    await model?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const upload = async (name: string) => {
    const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBe(201);
    const registered = await vet.put('/api/documents', { documentURL: address, fileName: name, fileType: 'text/plain' });
    expect(registered.status).toBe(201);
    return registered.data.id as string;
  };

  /** The document's events once its analysis is no longer processing. */
  const settled = async (documentId: string) => {
    for (let i = 0; i < 1200 && (await vet.get(`/api/documents/${documentId}`)).data.processingStatus === 'processing'; i++)
      await new Promise((r) => setTimeout(r, 50));
    return (await app.system.store.readStream(streams.document(documentId))).events;
  };

  const expectCompletedOnce = async (documentId: string, after: number) => {
    const events = await settled(documentId);
    expect(events.map((e) => e.type)).toEqual(['DocumentRegistered', 'DocumentAnalysisRequested', 'DocumentAnalysisCompleted']);
    // Answered only once the outage was over: the worker was at it during the outage, and waited.
    expect(Date.parse(events[2]!.metadata.occurredAt)).toBeGreaterThanOrEqual(after);
    expect((await vet.get(`/api/documents/${documentId}`)).data).toMatchObject({
      processingStatus: 'completed',
      analysisType: 'nexus-letter',
    });
    expect(await app.system.knex('subscription_dead_letters')).toEqual([]);
    expect(
      await app.system.knex('events').where({ type: 'UserDocumentAnalysisRefunded' }).whereRaw("data->>'documentId' = ?", [documentId]),
    ).toEqual([]);
  };

  it('completes an analysis while the storage refuses connections for 5 s', async () => {
    const documentId = await upload('gerd letter.txt');
    await proxy.setMode('refuse');
    const outageStarted = Date.now();
    expect((await vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (Date.now() - outageStarted)));
    const back = Date.now();
    await proxy.setMode('up');
    await expectCompletedOnce(documentId, back);
  });

  it('completes an analysis while the model answers 503 for 5 s', async () => {
    const documentId = await upload('gerd letter again.txt');
    model.log.length = 0;
    model.failNext();
    expect((await vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' })).status).toBe(202);
    const events = await settled(documentId);
    const answered = model.log.filter((r) => r.status === 200);
    expect(answered).toHaveLength(1);
    expect(model.log.filter((r) => r.status === 503).length).toBeGreaterThan(1);
    expect(answered[0]!.at - model.log[0]!.at).toBeGreaterThanOrEqual(OUTAGE_MS);
    expect(events.map((e) => e.type)).toContain('DocumentAnalysisCompleted');
    await expectCompletedOnce(documentId, model.log[0]!.at + OUTAGE_MS);
  });
});
