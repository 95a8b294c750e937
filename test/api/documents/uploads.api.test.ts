import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The running app's own timers for upload addresses, shortened: the transfer limit and the sweep. */
describe('upload addresses over time', () => {
  let app: TestApp;
  let vet: TestClient;
  let root: string;

  beforeAll(async () => {
    app = await startTestApp({ uploads: { uploadTransferLimitMs: 400, uploadSweepIntervalMs: 100 } });
    root = (app.config.objectStorage as { root: string }).root;
    vet = app.client();
    await vet.register('uploads.vet@example.org');
  });
  afterAll(async () => app.close());

  const address = async () => (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
  const grantOf = (url: string) => app.system.knex('upload_grants').where({ upload_url: url }).first();
  const exists = (key: string) =>
    fs.stat(path.join(root, key)).then(
      () => true,
      () => false,
    );
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('cuts off a transfer that runs past its limit with 408, storing nothing', async () => {
    const url = await address();
    const port = Number(new URL(app.baseUrl).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${vet.cookieHeader()}\r\nContent-Length: 100000\r\n\r\n`);
        socket.write(PDF); // and then nothing more, like a stalled sender
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1.1 408 /);
    expect(answer).toContain('The upload took too long. Please try again.');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await exists((await grantOf(url)).object_key)).toBe(false);
  });

  it('removes an ended address and its file while the app runs', async () => {
    const url = await address();
    expect((await vet.request('PUT', url, { body: PDF as unknown as string, headers: { 'content-type': 'application/pdf' } })).status).toBe(
      201,
    );
    const grant = await grantOf(url);
    expect(await exists(grant.object_key)).toBe(true);
    // Fifteen minutes and the transfer limit later, as far as this address is concerned.
    await app.system
      .knex('upload_grants')
      .where({ id: grant.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await eventually(async () => !(await grantOf(url)) && !(await exists(grant.object_key)))).toBe(true);
    expect(app.logs.some((line) => line.includes('removed ended upload addresses and their files'))).toBe(true);
    expect((await vet.put('/api/documents', { documentURL: url, fileName: 'late.pdf' })).data.detail).toBe(
      'This upload address is not valid. Please upload the file again.',
    );
  });
});
