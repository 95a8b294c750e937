import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { objectStorageContract } from './contract';
import { S3_STAGING_PREFIX, S3ObjectStorage } from './s3Storage';

const BUCKET = 'test-bucket';
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('S3ObjectStorage on an in-process s3rver', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  const open = () => new S3ObjectStorage({ bucket: BUCKET, endpoint, credentials: S3RVER_CREDENTIALS });

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-s3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  objectStorageContract(
    's3rver',
    async () => {
      const storage = open();
      return { storage, dispose: async () => storage.destroy() };
    },
    {},
  );

  describe('adapter specifics', () => {
    it('streams through a staging key and leaves nothing there once the object is in place', async () => {
      const storage = open();
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
      // s3rver may still write what arrived of an aborted PUT after it was aborted (S3 itself never
      // stores one), so earlier failures in this bucket can have left staging keys: compare before and after.
      const staged = async () =>
        ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: S3_STAGING_PREFIX }))).Contents ?? [])
          .map((o) => o.Key)
          .sort();
      try {
        const before = await staged();
        await storage.put('staged/ok', Readable.from([Buffer.from('comp'), Buffer.from('lete')]), {
          contentLength: 8,
          contentType: 'text/plain',
        });
        expect(await storage.head('staged/ok')).toEqual({ size: 8, contentType: 'text/plain' });
        expect(await staged()).toEqual(before);
        await storage.delete('staged/ok');
      } finally {
        client.destroy();
        storage.destroy();
      }
    });

    it('fromEnv reads bucket, endpoint, region and credentials', async () => {
      const storage = S3ObjectStorage.fromEnv({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      try {
        await storage.put('from-env/probe', Buffer.from('ok'));
        expect((await storage.head('from-env/probe'))?.size).toBe(2);
        await storage.delete('from-env/probe');
      } finally {
        storage.destroy();
      }
    });

    it('fromEnv refuses to start without S3_BUCKET', () => {
      expect(() => S3ObjectStorage.fromEnv({ S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET/);
    });

    it('caps a stream put without maxBytes at streamBufferLimit', async () => {
      const storage = new S3ObjectStorage({ bucket: BUCKET, endpoint, credentials: S3RVER_CREDENTIALS, streamBufferLimit: 1024 });
      try {
        await expect(storage.put('capped/x', Readable.from([Buffer.alloc(2048)]))).rejects.toMatchObject({
          name: 'ObjectTooLargeError',
          maxBytes: 1024,
        });
        expect(await storage.head('capped/x')).toBeUndefined();
      } finally {
        storage.destroy();
      }
    });
  });
});

// Not run by default: point S3_ENDPOINT (plus S3_BUCKET, S3_REGION and AWS_ACCESS_KEY_ID /
// AWS_SECRET_ACCESS_KEY) at MinIO, R2 or AWS to check the adapter against a real server.
(process.env.S3_ENDPOINT ? describe : describe.skip)('S3ObjectStorage on the real S3_ENDPOINT (skipped unless S3_ENDPOINT is set)', () => {
  objectStorageContract(
    `S3_ENDPOINT ${process.env.S3_ENDPOINT ?? ''}`,
    async () => {
      const storage = S3ObjectStorage.fromEnv(process.env);
      return { storage, dispose: async () => storage.destroy() };
    },
    {},
  );
});
