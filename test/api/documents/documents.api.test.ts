import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { streams } from '@cc/contracts';
import { PersonalDataVault } from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from([0, 0, 0])]);

describe('documents API', () => {
  let app: TestApp;
  let storage: LocalObjectStorage;
  let vet: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    storage = new LocalObjectStorage((app.config.objectStorage as { root: string }).root);
    vet = app.client();
    await vet.register('docs.vet@example.org', undefined, { firstName: 'Dee' });
    other = app.client();
    await other.register('docs.other@example.org');
  });
  afterAll(async () => app.close());

  const uploadAddress = async (client: TestClient) => {
    const res = await client.post('/api/objects/upload', {});
    expect(res.status).toBe(200);
    return res.data.uploadURL as string;
  };
  const putFile = (client: TestClient, url: string, body: Buffer, contentType = 'application/pdf') =>
    client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': contentType } });
  const register = (client: TestClient, url: string, fileName: string, extra: Record<string, unknown> = {}) =>
    client.put('/api/documents', { documentURL: url, fileName, fileType: 'application/pdf', fileSize: 1, ...extra });
  async function upload(client: TestClient, fileName: string, body: Buffer = PDF, extra: Record<string, unknown> = {}) {
    const url = await uploadAddress(client);
    expect((await putFile(client, url, body)).status).toBe(201);
    return register(client, url, fileName, extra);
  }
  const storedKeys = async () => {
    const { readdir } = await import('node:fs/promises');
    const root = (app.config.objectStorage as { root: string }).root;
    const walk = async (dir: string): Promise<string[]> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`])));
      return nested.flat();
    };
    return (await walk(root)).filter((f) => !f.endsWith('.meta.json')).map((f) => f.slice(root.length + 1));
  };

  it('takes a file through the whole flow: address, transfer, registration, list, view, download', async () => {
    const res = await upload(vet, 'VA decision letter.pdf');
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      fileName: 'VA decision letter.pdf',
      detectedType: 'application/pdf',
      fileSize: PDF.length,
      processingStatus: 'pending',
      claimId: null,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      aiAnalysisResults: null,
    });
    const list = await vet.get('/api/documents');
    expect(list.headers.get('content-range')).toBe('documents 0-0/1');
    expect(list.data[0].id).toBe(res.data.id);

    const view = await vet.get(res.data.fileUrl);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="VA decision letter.pdf"/);
    expect(view.text).toBe(PDF.toString());
    const download = await vet.get(`${res.data.fileUrl}?download=1`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);

    const board = (await vet.get('/api/dashboard')).data;
    expect(board.recentDocuments[0]).toMatchObject({ id: res.data.id, fileName: 'VA decision letter.pdf', processingStatus: 'pending' });
    expect(board.recentActivities[0]).toMatchObject({
      type: 'document_upload',
      title: 'Document uploaded',
      description: 'VA decision letter.pdf',
    });
  });

  it('keeps the file hash sealed in its event, and still reads a document registered when the hash was kept in the clear', async () => {
    const hash = createHash('sha256').update(PNG).digest('hex');
    const res = await upload(vet, 'sealed hash.png', PNG);
    expect(res.data.sha256).toBe(hash);
    const registered = (await app.system.store.readStream(streams.document(res.data.id))).events[0]!;
    expect(registered.metadata.schemaVersion).toBe(2);
    expect(JSON.stringify(registered.data)).not.toContain(hash);
    expect(JSON.stringify(await app.system.knex('events').where({ event_id: registered.id }).first('data'))).not.toContain(hash);

    // Version 1, as stored before: the plain hash under `sha256`, upcast when read.
    const me = (await vet.get('/api/auth/user')).data.id as string;
    const documentId = randomUUID();
    const old = 'f'.repeat(64);
    const vault = new PersonalDataVault(app.system.knex);
    const written = await app.system.store.appendToStream(
      streams.document(documentId),
      [
        {
          type: 'DocumentRegistered',
          data: {
            documentId,
            userId: me,
            name: await vault.seal(me, { fileName: 'from before.pdf' }),
            fileType: 'application/pdf',
            detectedType: 'application/pdf',
            fileSize: 10,
            objectPath: `documents/${me}/${documentId}`,
            sha256: old,
            claimId: null,
          },
          metadata: { schemaVersion: 1, userId: me, correlationId: randomUUID() },
        },
      ],
      { expectedVersion: 0 },
    );
    await app.system.readModelsCaughtUp();
    expect(written.position).toBeDefined();
    expect((await app.system.store.readStream(streams.document(documentId))).events[0]!.data).toMatchObject({ digest: { plain: old } });
    expect((await vet.get(`/api/documents/${documentId}`)).data).toMatchObject({ fileName: 'from before.pdf', sha256: old });
  });

  it('refuses a file over 50 MB at the upload address and leaves nothing stored', async () => {
    const url = await uploadAddress(vet);
    const before = await storedKeys();
    const res = await putFile(vet, url, Buffer.alloc(51 * 1024 * 1024, 0x41), 'text/plain');
    expect(res.status).toBe(413);
    // Spec doc 1 §8 "Upload": File too large; the address does not know the file's name.
    expect(res.data).toMatchObject({ type: '/problems/file-too-large', title: 'File too large', detail: 'This file is larger than 50MB' });
    expect(await storedKeys()).toEqual(before);
    expect((await register(vet, url, 'big.txt')).status).toBe(400);
  }, 60_000);

  it('refuses an executable renamed .pdf, leaving no document and no stored object', async () => {
    const before = (await vet.get('/api/documents')).data.length;
    const res = await upload(vet, 'totally-a-letter.pdf', EXE);
    expect(res.status).toBe(400);
    expect(res.data.detail).toBe("This file's contents are not an accepted type (PDF, Word, text or image).");
    expect((await vet.get('/api/documents')).data.length).toBe(before);
    expect((await storedKeys()).filter((k) => k.startsWith('users/'))).toEqual([]);
  });

  it('refuses a second use of an upload address, an expired one, and one asked for by someone else', async () => {
    const url = await uploadAddress(vet);
    expect((await putFile(vet, url, PDF)).status).toBe(201);
    const again = await putFile(vet, url, PNG, 'image/png');
    expect(again.status).toBe(403);
    expect((await register(vet, url, 'first.pdf')).status).toBe(201);
    expect((await register(vet, url, 'first-again.pdf')).data.detail).toBe('This upload has already been registered.');

    const expired = await uploadAddress(vet);
    await app.system
      .knex('upload_grants')
      .where({ upload_url: expired })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await putFile(vet, expired, PDF)).status).toBe(403);

    const theirs = await uploadAddress(vet);
    expect((await putFile(other, theirs, PDF)).status).toBe(403);
    expect((await putFile(vet, theirs, PDF)).status).toBe(201);
    expect((await register(other, theirs, 'stolen.pdf')).status).toBe(400);
    expect((await app.client().post('/api/objects/upload', {})).status).toBe(401);
  });

  it('refuses forged and traversing upload addresses', async () => {
    const url = await uploadAddress(vet);
    const forged = url.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await putFile(vet, forged, PDF)).status).toBe(403);
    const before = await storedKeys();
    for (const path of ['/api/objects/upload/..%2F..%2Fetc%2Fpasswd', '/api/objects/upload/%2e%2e', '/api/objects/upload/../../x']) {
      expect([403, 404, 415]).toContain((await putFile(vet, path, PDF)).status);
    }
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a name outside the accepted types and a cross-origin upload', async () => {
    const url = await uploadAddress(vet);
    await putFile(vet, url, PDF);
    const res = await register(vet, url, 'script.exe');
    expect(res.status).toBe(400);
    expect(res.data.errors[0].field).toBe('fileName');
    const cross = await vet.request('PUT', await uploadAddress(vet), {
      body: PDF as unknown as string,
      headers: { 'content-type': 'application/pdf', origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
  });

  it("answers 404 for another user's document on every endpoint", async () => {
    const mine = (await upload(vet, 'private.pdf')).data;
    const attempts = [
      await other.get(`/api/documents/${mine.id}`),
      await other.get(`/api/documents/${mine.id}/file`),
      await other.request('DELETE', `/api/documents/${mine.id}`),
      await other.put(`/api/documents/${mine.id}/claim`, { claimId: null }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect((await other.get('/api/documents')).data).toEqual([]);
    expect((await vet.get(`/api/documents/${mine.id}`)).status).toBe(200);
  });

  it('links a document to a claim: the claim lists it and its history says a document was added', async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Knee strain', conditionType: 'primary' })).data;
    const doc = (await upload(vet, 'knee MRI.pdf', PDF, { claimId: claim.id })).data;
    expect(doc).toMatchObject({ claimId: claim.id, claimCondition: 'Knee strain' });
    const detail = (await vet.get(`/api/claims/${claim.id}`)).data;
    expect(detail.documents).toEqual([{ id: doc.id, fileName: 'knee MRI.pdf', processingStatus: 'pending' }]);
    expect(detail.notes[0]).toMatchObject({ noteType: 'document_added', note: 'Document added: knee MRI.pdf' });
    const history = (await vet.get(`/api/claims/${claim.id}/history`)).data;
    expect(history.at(-1)).toMatchObject({ title: 'Document added', description: 'knee MRI.pdf' });

    const theirClaim = (await other.post('/api/claims', { condition: 'Theirs', conditionType: 'primary' })).data;
    const refused = await upload(vet, 'misfiled.pdf', PDF, { claimId: theirClaim.id });
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toBe('The claim to link this document to was not found.');
  });

  it('links an existing document to a claim and unlinks it again', async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Asthma', conditionType: 'primary' })).data;
    const doc = (await upload(vet, 'spirometry.pdf')).data;
    const linked = await vet.put(`/api/documents/${doc.id}/claim`, { claimId: claim.id });
    expect(linked.status).toBe(200);
    expect(linked.data).toMatchObject({ claimId: claim.id, claimCondition: 'Asthma' });
    expect((await vet.get(`/api/claims/${claim.id}`)).data.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect((await vet.get(`/api/claims/${claim.id}/history`)).data.at(-1)).toMatchObject({
      title: 'Document added',
      description: 'spirometry.pdf',
    });
    const unlinked = await vet.put(`/api/documents/${doc.id}/claim`, { claimId: null });
    expect(unlinked.data.claimId).toBeNull();
    expect((await vet.get(`/api/claims/${claim.id}`)).data.documents).toEqual([]);
    expect((await vet.put(`/api/documents/${doc.id}/claim`, { claimId: 'nope' })).status).toBe(400);
  });

  it('deletes the document and its stored object; the claim history keeps that it existed', async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Hearing loss', conditionType: 'primary' })).data;
    const doc = (await upload(vet, 'audiogram.pdf', PDF, { claimId: claim.id })).data;
    expect(await storage.head(doc.objectPath)).toBeDefined();
    expect((await vet.request('DELETE', `/api/documents/${doc.id}`)).status).toBe(204);
    expect(await storage.head(doc.objectPath)).toBeUndefined();
    expect((await vet.get(`/api/documents/${doc.id}`)).status).toBe(404);
    expect((await vet.get(`/api/claims/${claim.id}`)).data.documents).toEqual([]);
    expect((await vet.get(`/api/claims/${claim.id}/history`)).data.map((e: { title: string }) => e.title)).toContain('Document added');
    expect(
      (await vet.get('/api/dashboard')).data.recentActivities.find((a: { description: string }) => a.description === 'audiogram.pdf'),
    ).toBeUndefined();
    expect((await vet.request('DELETE', `/api/documents/${doc.id}`)).status).toBe(404);
  });

  it('searches by file name, case-insensitively, and filters by status', async () => {
    await upload(vet, 'Buddy Statement.pdf');
    const q = (filter: object) => vet.get(`/api/documents?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect((await q({ q: 'buddy' })).data.map((d: { fileName: string }) => d.fileName)).toEqual(['Buddy Statement.pdf']);
    expect((await q({ processingStatus: 'completed' })).data).toEqual([]);
    expect((await q({ processingStatus: 'lost' })).status).toBe(400);
  });

  it('serves a file under a safe Content-Disposition whatever its name', async () => {
    const doc = (await upload(vet, 'Résumé "final"; x.pdf')).data;
    const res = await vet.get(doc.fileUrl);
    const header = res.headers.get('content-disposition')!;
    expect(header).toBe(`inline; filename="R_sum_ _final__ x.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé "final"; x.pdf')}`);
  });

  it('holds the plan limit under concurrency: twelve simultaneous registrations at 0 documents give ten', async () => {
    const racer = app.client();
    await racer.register('doc.racer@example.org');
    const urls: string[] = [];
    for (let i = 0; i < 12; i++) {
      const url = await uploadAddress(racer);
      expect((await putFile(racer, url, PDF)).status).toBe(201);
      urls.push(url);
    }
    const answers = await Promise.all(urls.map((url, i) => register(racer, url, `file-${i}.pdf`)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.data).toMatchObject({
      limit: 10,
      detail: "You've reached your limit of 10 document uploads. Please upgrade your plan to upload more documents.",
    });
    expect((await racer.get('/api/documents')).data).toHaveLength(10);
    // At the limit, no upload address is even handed out.
    const early = await racer.post('/api/objects/upload', {});
    expect(early.status).toBe(429);
    expect(early.data.limit).toBe(10);
    // A deleted document frees its slot.
    const first = (await racer.get('/api/documents')).data[0];
    expect((await racer.request('DELETE', `/api/documents/${first.id}`)).status).toBe(204);
    expect((await upload(racer, 'one-more.pdf')).status).toBe(201);
  }, 60_000);

  describe('bounded upload addresses', () => {
    /** Opens a PUT by hand: headers declaring `declared` bytes, then `sent` bytes, then (unless `end`) hangs up. */
    function rawPut(client: TestClient, url: string, declared: number, sent: Buffer, end = false): Promise<string> {
      const port = Number(new URL(app.baseUrl).port);
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${client.cookieHeader()}\r\nContent-Type: application/pdf\r\nContent-Length: ${declared}\r\n\r\n`,
          );
          socket.write(sent, () => {
            if (!end) setTimeout(() => socket.destroy(), 50);
          });
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(answer));
      });
    }

    it('gives a user at most 20 unused addresses: the 21st is 429 with Retry-After', async () => {
      const holder = app.client();
      await holder.register('docs.holder@example.org');
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await holder.post('/api/objects/upload', {})).status);
      expect(statuses).toEqual(Array(20).fill(200));
      const refused = await holder.post('/api/objects/upload', {});
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(refused.data).toMatchObject({
        status: 429,
        detail: 'You already have 20 uploads waiting. Finish or cancel them, or wait for them to expire, before starting another.',
      });
      expect((await other.post('/api/objects/upload', {})).status).toBe(200);
    });

    it('refuses a body of unknown length with 411 and stores nothing', async () => {
      const url = await uploadAddress(vet);
      const before = await storedKeys();
      const res = await vet.request('PUT', url, {
        stream: (async function* () {
          yield PDF;
        })(),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(res.status).toBe(411);
      expect(res.data.detail).toBe('Uploads must state their size (Content-Length).');
      expect(await storedKeys()).toEqual(before);
    });

    it('refuses a declared size over 50 MB before reading the body, and the address stays usable', async () => {
      const url = await uploadAddress(vet);
      const answer = await rawPut(vet, url, 200 * 1024 * 1024, Buffer.alloc(0), true);
      expect(answer).toMatch(/^HTTP\/1.1 413 /);
      expect(answer).toContain('"title":"File too large"');
      expect((await putFile(vet, url, PDF)).status).toBe(201);
      expect((await register(vet, url, 'after-413.pdf')).status).toBe(201);
    });

    it('a transfer cut off midway stores nothing, leaves no temporary file, and frees the address for the file', async () => {
      const url = await uploadAddress(vet);
      await rawPut(vet, url, 1024 * 1024, Buffer.alloc(64 * 1024, 0x25));
      expect((await register(vet, url, 'cut.pdf')).data.detail).toBe('The file did not arrive. Please upload it again.');
      // A flaky link must not use up addresses: the same one takes the file once it arrives whole. The
      // cut transfer frees the address once it has failed and removed its file, even if the registration
      // above came first; until then, or while that registration still holds the address, it is 403.
      let stored = await putFile(vet, url, PDF);
      for (const deadline = Date.now() + 10_000; stored.status === 403 && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 50));
        stored = await putFile(vet, url, PDF);
      }
      expect(stored.status).toBe(201);
      // Both transfers are over: storage's temporary files of neither are left (the whole one was renamed).
      expect((await storedKeys()).filter((key) => /\/\.upload-[^/]*$/.test(key))).toEqual([]);
      expect((await register(vet, url, 'cut.pdf')).status).toBe(201);
    });
  });
});
