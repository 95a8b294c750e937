import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { uploadFile } from '@cc/gateway/testing/erasure';
import { startTestApp, TestClient, type TestApp } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A claim command answers with the claim as its owner will see it: the claim, its notes and its
 * documents, read back in one statement after the append's transaction.
 */
describe("a claim command's read-back", () => {
  let app: TestApp;
  let server: http.Server;
  let vet: TestClient;
  let other: TestClient;
  /** Marks the statements a request sends (its asynchronous work included). */
  const requests = new AsyncLocalStorage<true>();

  beforeAll(async () => {
    app = await startTestApp();
    server = http.createServer((req, res) => requests.run(true, () => app.system.app(req, res)));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vet = new TestClient(baseUrl);
    await vet.register('readback.vet@example.org');
    other = new TestClient(baseUrl);
    await other.register('readback.other@example.org');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  /** The statements outside any transaction that `run`'s requests send reading the claim, its notes or its documents (a read that also records the write on the session begins with WITH). */
  async function readsOfTheClaimView(run: () => Promise<void>): Promise<string[]> {
    const reads: string[] = [];
    const seen = (query: { sql: string; __knexTxId?: string }) => {
      if (
        requests.getStore() &&
        !query.__knexTxId &&
        /^(select|with)\b/i.test(query.sql) &&
        /\b(claims|claim_notes|documents)\b/.test(query.sql)
      )
        reads.push(query.sql);
    };
    app.system.knex.on('query', seen);
    try {
      await run();
    } finally {
      app.system.knex.off('query', seen);
    }
    return reads;
  }

  it('reads the claim, its notes and its documents in one statement, as a GET shows them', async () => {
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    const documentId = await uploadFile(vet, 'audiogram.pdf', PDF, 'application/pdf', claimId);
    expect((await vet.put(`/api/claims/${claimId}/status`, { status: 'initial_review', note: 'Records requested' })).status).toBe(200);

    let answer: Record<string, unknown> = {};
    const reads = await readsOfTheClaimView(async () => {
      const changed = await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: 'Audiogram sent' });
      expect(changed.status).toBe(200);
      answer = changed.data as Record<string, unknown>;
    });
    expect(reads).toHaveLength(1);

    expect(answer).toMatchObject({
      id: claimId,
      status: 'evidence_review',
      documents: [{ id: documentId, fileName: 'audiogram.pdf' }],
      // Newest first: the two status changes, then the note the upload added.
      notes: [
        {
          noteType: 'status_change',
          note: expect.stringContaining('Audiogram sent'),
          previousStatus: 'initial_review',
          newStatus: 'evidence_review',
        },
        {
          noteType: 'status_change',
          note: expect.stringContaining('Records requested'),
          previousStatus: 'submitted',
          newStatus: 'initial_review',
        },
        { noteType: 'document_added', note: 'Document added: audiogram.pdf', isImportant: false },
      ],
    });
    const shown = await vet.get(`/api/claims/${claimId}`);
    expect(shown.data).toEqual(answer);
    expect(new Date((answer.notes as { createdAt: string }[])[0]!.createdAt).toISOString()).toBe(
      (answer.notes as { createdAt: string }[])[0]!.createdAt,
    );
  });

  it("shows none of a claim's notes or documents to another veteran", async () => {
    const filed = await vet.post('/api/claims', { condition: 'Knee strain', conditionType: 'primary' });
    expect((await other.get(`/api/claims/${filed.data.id as string}`)).status).toBe(404);
  });
});
