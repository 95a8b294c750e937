import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOfflineEngine } from '@cc/ai-worker';
import { textToPdf } from '@cc/ai-worker/testing/makePdf';
import { slowedEngine } from '@cc/ai-worker/testing/slowedEngine';
import { openChangeStream, type OpenChangeStream } from '@cc/gateway/testing/changeStream';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name), 'utf8');

async function upload(client: TestClient, fileName: string, body: Buffer) {
  const url = (await client.post('/api/objects/upload', {})).data.uploadURL as string;
  expect(
    (await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': 'application/pdf' } })).status,
  ).toBe(201);
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: 'application/pdf', fileSize: body.length });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

describe('the change stream: one per signed-in user, carrying only their own read models', () => {
  let app: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceStream: OpenChangeStream;
  let bobStream: OpenChangeStream;
  const opened: OpenChangeStream[] = [];

  beforeAll(async () => {
    // The worker finishes the analysis after the analyze call has answered (202), as in production.
    app = await startTestApp({
      env: { ADMIN_EMAILS: 'stream.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' },
      analysis: { analysisWaitMs: 50, analysisEngine: slowedEngine(createOfflineEngine(), 500) },
    });
    alice = app.client();
    bob = app.client();
    const { id: aliceId } = await alice.register('stream.alice@example.org');
    await bob.register('stream.bob@example.org');
    const admin = app.client();
    await admin.signIn('stream.admin@example.org');
    await grantTier(admin, alice, aliceId, 'pro');
    aliceStream = await openChangeStream(app.baseUrl, alice);
    bobStream = await openChangeStream(app.baseUrl, bob);
    opened.push(aliceStream, bobStream);
  }, 60_000);
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await app.close();
  });

  it('is an event stream for a session, and a 401 problem without one', async () => {
    expect(aliceStream.status).toBe(200);
    expect(aliceStream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(aliceStream.comments).toContain('listening');
    const anonymous = await openChangeStream(app.baseUrl, app.client());
    expect(anonymous.status).toBe(401);
    expect(anonymous.problem).toMatchObject({ status: 401 });
  });

  it("tells a user their document's analysis completed (the worker finishing later), and never tells anyone else", async () => {
    const id = await upload(alice, 'sleep study.pdf', textToPdf(corpus('dbq-sleep-apnea.txt')));
    const answer = await alice.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    expect(answer.status).toBe(202);
    // Notices come as the read model commits: wait for one after which the document reads completed.
    for (let from = 0; ;) {
      const change = await aliceStream.next((c, index) => index >= from && c.readModel === 'documents' && (c.ids ?? []).includes(id));
      from = aliceStream.changes.indexOf(change) + 1;
      if ((await alice.get(`/api/documents/${id}`)).data.processingStatus === 'completed') break;
    }
    await aliceStream.next((change) => change.readModel === 'evidence');
    expect(bobStream.changes.filter((change) => change.readModel === 'documents' || change.readModel === 'evidence')).toEqual([]);
    expect(JSON.stringify(bobStream.changes)).not.toContain(id);
  });

  it('tells a user their claim changed (an inline read model), and never tells anyone else', async () => {
    const filed = await bob.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    await bobStream.next((change) => change.readModel === 'claims' && (change.ids ?? []).includes(claimId));
    expect((await bob.put(`/api/claims/${claimId}/status`, { status: 'initial_review' })).status).toBeLessThan(300);
    await bobStream.next((change) => change.readModel === 'claim_history');
    expect(JSON.stringify(aliceStream.changes)).not.toContain(claimId);
    expect(aliceStream.changes.filter((change) => change.readModel === 'claims')).toEqual([]);
  });

  it('reaches every stream the user has open (two tabs)', async () => {
    const secondTab = await openChangeStream(app.baseUrl, bob);
    opened.push(secondTab);
    const filed = await bob.post('/api/claims', { condition: 'Migraine', conditionType: 'primary' });
    await secondTab.next((change) => change.readModel === 'claims' && (change.ids ?? []).includes(filed.data.id));
    await bobStream.next((change) => change.readModel === 'claims' && (change.ids ?? []).includes(filed.data.id));
  });
});
