import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { MAX_UPLOAD_BYTES } from '@cc/contracts';
import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

const PDF = Buffer.from('%PDF-1.4\n% a small but real PDF header\n%%EOF\n');

/**
 * The same upload flow with S3 configured. The browser never talks to S3: its upload address is a
 * gateway path, which streams the file into the bucket and cuts it off at the limit, so nothing
 * larger than 50 MB can ever reach the bucket.
 */
describe('documents API with S3 storage (in-process s3rver)', () => {
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
  let client: S3Client;
  let app: TestApp;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-app-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    app = await startTestApp({ env: { S3_BUCKET: 'documents', S3_ENDPOINT: endpoint } });
  });
  afterAll(async () => {
    await app?.close();
    client?.destroy();
    await s3?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Every object in the bucket under `prefix`, with its size. */
  const objects = async (prefix: string) =>
    Object.fromEntries(
      ((await client.send(new ListObjectsV2Command({ Bucket: 'documents', Prefix: prefix }))).Contents ?? []).map((o) => [o.Key, o.Size]),
    );

  it('hands out a gateway address, streams the file into S3, registers it, serves it, and deletes it', async () => {
    const vet = app.client();
    const userId = (await vet.register('s3.vet@example.org')).id;
    const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
    expect(uploadURL).toMatch(/^\/api\/objects\/upload\/[0-9a-f-]{36}\.[\w-]+$/);
    const put = await vet.request('PUT', uploadURL, { body: PDF as unknown as string, headers: { 'content-type': 'application/pdf' } });
    expect(put.status).toBe(201);
    expect(Object.values(await objects(`users/${userId}/`))).toEqual([PDF.length]);

    const doc = await vet.put('/api/documents', {
      documentURL: uploadURL,
      fileName: 'records.pdf',
      fileType: 'application/pdf',
      fileSize: PDF.length,
    });
    expect(doc.status).toBe(201);
    expect(doc.data).toMatchObject({ fileName: 'records.pdf', detectedType: 'application/pdf', fileSize: PDF.length });
    expect((await vet.get(doc.data.fileUrl)).text).toBe(PDF.toString());
    // The upload key is gone once the file is copied to its own key.
    expect(await objects(`users/${userId}/`)).toEqual({});
    // The page sends to its own origin only.
    expect((await vet.get('/api/health')).headers.get('content-security-policy')).toContain("connect-src 'self';");

    expect((await vet.request('DELETE', `/api/documents/${doc.data.id}`)).status).toBe(204);
    expect((await vet.get(doc.data.fileUrl)).status).toBe(404);
  });

  it('takes a file of exactly 50 MB, and lets nothing larger into the bucket', async () => {
    const vet = app.client();
    const userId = (await vet.register('s3.big@example.org')).id;
    const address = async () => (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    const text = (size: number) => Buffer.alloc(size, 'lorem ipsum dolor sit amet\n');

    const over = await vet.request('PUT', await address(), {
      body: text(MAX_UPLOAD_BYTES + 1) as unknown as string,
      headers: { 'content-type': 'text/plain' },
    });
    expect(over.status).toBe(413);
    const unsized = await vet.request('PUT', await address(), {
      stream: (async function* () {
        for (let i = 0; i < 60; i++) yield text(1024 * 1024);
      })(),
    });
    expect(unsized.status).toBe(411);
    expect(await objects(`users/${userId}/`)).toEqual({});

    const exact = await address();
    expect(
      (await vet.request('PUT', exact, { body: text(MAX_UPLOAD_BYTES) as unknown as string, headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(201);
    expect(Object.values(await objects(`users/${userId}/`))).toEqual([MAX_UPLOAD_BYTES]);
    const doc = await vet.put('/api/documents', { documentURL: exact, fileName: 'long notes.txt', fileType: 'text/plain' });
    expect(doc.status).toBe(201);
    expect(doc.data.fileSize).toBe(MAX_UPLOAD_BYTES);
    expect(await objects(`documents/${userId}/`)).toEqual({ [doc.data.objectPath]: MAX_UPLOAD_BYTES });
  }, 120_000);

  it('refuses a fake registered through S3 and removes it there', async () => {
    const vet = app.client();
    const userId = (await vet.register('s3.fake@example.org')).id;
    const { uploadURL } = (await vet.post('/api/objects/upload', {})).data;
    const fake = Buffer.from([0x4d, 0x5a, 0, 0, 0]);
    expect(
      (await vet.request('PUT', uploadURL, { body: fake as unknown as string, headers: { 'content-type': 'application/pdf' } })).status,
    ).toBe(201);
    const res = await vet.put('/api/documents', { documentURL: uploadURL, fileName: 'fake.pdf', fileType: 'application/pdf', fileSize: 5 });
    expect(res.status).toBe(400);
    expect(await objects(`users/${userId}/`)).toEqual({});
  });
});
