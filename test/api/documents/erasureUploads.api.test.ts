import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { S3ObjectStorage } from '@cc/platform/storage/s3Storage';
import type { ObjectStorage } from '@cc/platform';
import { findPlainCopies, PASSWORD, startUpload } from '@cc/gateway/testing/erasure';
import { startTestApp, type TestApp } from '@cc/gateway/testing/testApp';

jest.setTimeout(90_000);

const MB = 1024 * 1024;

/**
 * An upload still streaming when its account is deleted from another session (uploads may take
 * minutes): the erasure stops it, and nothing of it is kept, whether the files are in the data
 * folder or in S3 (s3rver keeps its bucket in a folder, searched as well).
 */
describe.each(['local', 's3'] as const)('an upload under way when the account is deleted (%s storage)', (kind) => {
  let app: TestApp;
  let s3: S3rver | undefined;
  let bucketDir: string | undefined;
  let storage: ObjectStorage;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (kind === 's3') {
      bucketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-erasure-s3-'));
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'documents' }] });
      const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
      process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
      process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
      env = { S3_BUCKET: 'documents', S3_ENDPOINT: endpoint };
    }
    app = await startTestApp({ env });
    storage =
      app.config.objectStorage.kind === 's3'
        ? new S3ObjectStorage({
            bucket: 'documents',
            endpoint: env.S3_ENDPOINT,
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          })
        : new LocalObjectStorage(app.config.objectStorage.root);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    if (bucketDir) await fs.rm(bucketDir, { recursive: true, force: true });
  });

  it("is stopped and refused: no object under the user's prefixes, and its bytes in no file", async () => {
    const vet = app.client();
    const { id } = await vet.register(`erased.uploader.${kind}@example.org`, PASSWORD);
    const laptop = app.client();
    await laptop.signIn(`erased.uploader.${kind}@example.org`, PASSWORD);
    const marker = `UploadUnderWayWhenErased-${kind}-`;
    const body = Buffer.alloc(40 * MB, marker);

    const upload = await startUpload(app.baseUrl, vet, body);
    // Half the file has arrived and is being written.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await laptop.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(204);
    const status = await upload.finish();

    expect(status).not.toMatch(/ 201 /);
    if (status) expect(status).toMatch(/^HTTP\/1.1 410 /);
    // Whatever the timing, nothing of it is kept.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const prefix of [`users/${id}/`, `documents/${id}/`]) {
      expect({ prefix, objects: await storage.deletePrefix(prefix) }).toEqual({ prefix, objects: 0 });
    }
    expect(await app.system.knex('upload_grants').where({ user_id: id }).count<{ count: string }[]>('* as count')).toEqual([
      { count: '0' },
    ]);
    expect(await findPlainCopies([app.config.dataDir, ...(bucketDir ? [bucketDir] : [])], [marker])).toEqual({});
  });
});
