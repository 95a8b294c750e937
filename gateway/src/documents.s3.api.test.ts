import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startTestApp, type TestApp } from './testing/testApp';

const PDF = Buffer.from('%PDF-1.4\n% a small but real PDF header\n%%EOF\n');

/** The same upload flow with S3 configured: the browser PUTs to a presigned URL on the S3 server. */
describe('documents API with S3 storage (in-process s3rver)', () => {
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
  let app: TestApp;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-app-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    app = await startTestApp({ env: { S3_BUCKET: 'documents', S3_ENDPOINT: endpoint } });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('hands out a presigned PUT, registers what arrived, serves it, and deletes it from S3', async () => {
    const vet = app.client();
    await vet.register('s3.vet@example.org');
    const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
    expect(uploadURL.startsWith(`${endpoint}/documents/users/`)).toBe(true);
    const put = await fetch(uploadURL, { method: 'PUT', body: PDF, headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(200);

    const doc = await vet.put('/api/documents', { documentURL: uploadURL, fileName: 'records.pdf', fileType: 'application/pdf', fileSize: PDF.length });
    expect(doc.status).toBe(201);
    expect(doc.data).toMatchObject({ fileName: 'records.pdf', detectedType: 'application/pdf', fileSize: PDF.length });
    expect((await vet.get(doc.data.fileUrl)).text).toBe(PDF.toString());
    // The upload key is gone once the file is copied to its own key, so the presigned URL can no longer change it.
    const object = (key: string) => fetch(`${endpoint}/documents/${key}`, { method: 'HEAD' }).then((r) => r.status);
    expect(await object(new URL(uploadURL).pathname.replace('/documents/', ''))).toBe(404);
    expect((await vet.get('/api/health')).headers.get('content-security-policy')).toContain(`connect-src 'self' ${endpoint}`);

    expect((await vet.request('DELETE', `/api/documents/${doc.data.id}`)).status).toBe(204);
    expect((await vet.get(doc.data.fileUrl)).status).toBe(404);
  });

  it('refuses a fake registered through S3 and removes it there', async () => {
    const vet = app.client();
    await vet.register('s3.fake@example.org');
    const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
    await fetch(uploadURL, { method: 'PUT', body: Buffer.from([0x4d, 0x5a, 0, 0, 0]), headers: { 'content-type': 'application/pdf' } });
    const res = await vet.put('/api/documents', { documentURL: uploadURL, fileName: 'fake.pdf', fileType: 'application/pdf', fileSize: 5 });
    expect(res.status).toBe(400);
    const key = new URL(uploadURL).pathname;
    expect((await fetch(`${endpoint}${key}`, { method: 'HEAD' })).status).toBe(404);
  });
});
