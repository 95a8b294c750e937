import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { MAX_OPEN_UPLOAD_ADDRESSES } from '@cc/contracts';
import { HttpProblem, migrate, type ObjectStorage } from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { S3ObjectStorage } from '@cc/platform/storage/s3Storage';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { commandMigrations } from '../migrations';
import { UPLOAD_TRANSFER_LIMIT_MS, uploadGrants, type UploadGrants } from './uploadGrants';

const MINUTE = 60_000;
const USER = '6b0d8a8e-5f6f-4d59-9d0c-0a4c1c3f2b11';
const OTHER = '0e7c7d47-9d3b-4d36-a3e1-4f9e9c1f5a22';

interface Subject {
  storage: ObjectStorage;
  /** Makes deleting `key` fail for real (local disk only). */
  breakDelete?(key: string): Promise<void>;
  dispose(): Promise<void>;
}

async function localSubject(): Promise<Subject> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-grants-'));
  const root = path.join(base, 'objects');
  return {
    storage: new LocalObjectStorage(root),
    // The key's folder becomes a link out of the root: the adapter refuses to delete through it.
    async breakDelete(key) {
      const folder = path.join(root, path.dirname(key));
      const moved = path.join(base, 'moved');
      await fs.rename(folder, moved);
      await fs.symlink(moved, folder, 'dir');
    },
    dispose: () => fs.rm(base, { recursive: true, force: true }),
  };
}

async function s3Subject(): Promise<Subject> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-grants-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'grants' }] });
  const { port } = await server.run();
  const storage = new S3ObjectStorage({
    bucket: 'grants',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    storage,
    async dispose() {
      storage.destroy();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['local folder', localSubject],
  ['S3 (s3rver)', s3Subject],
])('upload addresses on %s', (_name, open) => {
  let db: TestDatabase;
  let subject: Subject;
  let grants: UploadGrants;
  let at: number;
  const advance = (ms: number) => (at += ms);

  beforeAll(async () => {
    db = await createTestDatabase('grants');
    await migrate(db.knex, 'command', commandMigrations);
  });
  afterAll(async () => db.drop());

  beforeEach(async () => {
    await db.knex('upload_grants').del();
    subject = await open();
    at = Date.parse('2030-01-01T12:00:00Z');
    grants = uploadGrants(db.knex, subject.storage, { now: () => new Date(at) });
  });
  afterEach(async () => subject.dispose());

  const tokenOf = (url: string) => url.split('/').pop()!;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  describe('at most 20 unused addresses per user', () => {
    it('gives exactly 20 of 25 simultaneous requests an address, and the others 429 with Retry-After', async () => {
      const answers = await Promise.all(Array.from({ length: 25 }, () => refusal(grants.create(USER))));
      const refused = answers.filter((a): a is HttpProblem => a instanceof HttpProblem);
      expect(answers.filter((a) => a === undefined)).toHaveLength(MAX_OPEN_UPLOAD_ADDRESSES);
      expect(refused).toHaveLength(5);
      expect(refused[0]).toMatchObject({ status: 429, headers: { 'Retry-After': '900' }, extensions: { retryAfter: 900 } });
      expect(refused[0]!.detail).toMatch(/20 uploads waiting/);
      // Someone else is not affected.
      await expect(grants.create(OTHER)).resolves.toMatchObject({ userId: OTHER });
    });

    it('says when the oldest expires, frees a slot on registration, and forgets expired ones', async () => {
      const first = await grants.create(USER);
      advance(5 * MINUTE);
      for (let i = 1; i < MAX_OPEN_UPLOAD_ADDRESSES; i++) await grants.create(USER);
      expect(await refusal(grants.create(USER))).toMatchObject({ status: 429, headers: { 'Retry-After': String(10 * 60) } });

      // Used but not registered still counts: its file is still waiting in storage.
      expect(await grants.claimForUpload(USER, tokenOf(first.uploadUrl))).toBeDefined();
      expect(await refusal(grants.create(USER))).toMatchObject({ status: 429 });
      expect(await grants.markRegistered(first.id)).toBe(true);
      await expect(grants.create(USER)).resolves.toBeDefined();
      // Now all twenty were issued five minutes in.
      expect(await refusal(grants.create(USER))).toMatchObject({ status: 429, headers: { 'Retry-After': String(15 * 60) } });

      advance(14 * MINUTE);
      expect(await refusal(grants.create(USER))).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
      advance(MINUTE);
      await expect(grants.create(USER)).resolves.toBeDefined();
    });
  });

  describe('expiry and the sweep', () => {
    it('deletes an address nobody used, and one whose file was never registered, with its file, once it has ended', async () => {
      const unused = await grants.create(USER);
      const uploaded = await grants.create(USER);
      const registered = await grants.create(USER);
      for (const grant of [uploaded, registered]) {
        expect(await grants.claimForUpload(USER, tokenOf(grant.uploadUrl))).toBeDefined();
        await subject.storage.put(grant.objectKey, Buffer.from('%PDF-1.7 waiting'));
      }
      expect(await grants.markRegistered(registered.id)).toBe(true);

      // Expired: no new transfer, but a transfer started in time may still be finishing, and its file registered.
      advance(15 * MINUTE);
      expect(await grants.claimForUpload(USER, tokenOf(unused.uploadUrl))).toBeUndefined();
      expect(await grants.sweep()).toEqual({ removed: 0, kept: 0 });
      expect(await grants.forRegistration(USER, uploaded.uploadUrl)).toBeDefined();
      expect(await subject.storage.head(uploaded.objectKey)).toBeDefined();

      // Ended: nothing can use it any more, so the sweep takes it.
      advance(UPLOAD_TRANSFER_LIMIT_MS);
      expect(await grants.sweep()).toEqual({ removed: 2, kept: 0 });
      expect(await subject.storage.head(uploaded.objectKey)).toBeUndefined();
      expect(await grants.forRegistration(USER, uploaded.uploadUrl)).toBeUndefined();
      expect(await grants.markRegistered(uploaded.id)).toBe(false);
      const left = await db.knex('upload_grants').pluck('id');
      expect(left).toEqual([registered.id]);

      // A registration still marked an hour on was interrupted: its row (and any file) goes too.
      advance(60 * MINUTE);
      expect(await grants.sweep()).toEqual({ removed: 1, kept: 0 });
      expect(await subject.storage.head(registered.objectKey)).toBeUndefined();
      expect(await db.knex('upload_grants').count({ n: '*' })).toEqual([{ n: '0' }]);
    });

    it('never takes the file of a transfer that started just before expiry', async () => {
      const late = await grants.create(USER);
      advance(15 * MINUTE - 1000);
      expect(await grants.claimForUpload(USER, tokenOf(late.uploadUrl))).toBeDefined();
      advance(UPLOAD_TRANSFER_LIMIT_MS - 2000);
      await subject.storage.put(late.objectKey, Buffer.from('%PDF-1.7 arrived at the last moment'));
      expect(await grants.sweep()).toEqual({ removed: 0, kept: 0 });
      expect(await grants.markRegistered(late.id)).toBe(true);
    });

    it('a transfer that fails while a registration of its address is looking still gives the address back', async () => {
      const grant = await grants.create(USER);
      const token = tokenOf(grant.uploadUrl);
      expect(await grants.claimForUpload(USER, token)).toBeDefined();
      // The user registers before the cut transfer has failed: the registration holds the address...
      expect(await grants.markRegistered(grant.id)).toBe(true);
      // ...while the transfer fails, and no new transfer starts until the registration has looked.
      await grants.releaseTransfer(grant.id);
      expect(await grants.claimForUpload(USER, token)).toBeUndefined();
      // It finds no file and lets go: the address takes the file again.
      await grants.release(grant.id);
      expect(await grants.claimForUpload(USER, token)).toBeDefined();
    });

    it('a failed registration gives the address back, and the sweep takes it once it ends', async () => {
      const grant = await grants.create(USER);
      await subject.storage.put(grant.objectKey, Buffer.from('x'));
      expect(await grants.markRegistered(grant.id)).toBe(true);
      await grants.release(grant.id);
      advance(15 * MINUTE + UPLOAD_TRANSFER_LIMIT_MS);
      expect(await grants.sweep()).toEqual({ removed: 1, kept: 0 });
      expect(await subject.storage.head(grant.objectKey)).toBeUndefined();
    });
  });

  it('keeps an address whose file cannot be deleted, for the next sweep', async () => {
    if (!subject.breakDelete) return expect(subject.storage).toBeInstanceOf(S3ObjectStorage);
    const grant = await grants.create(USER);
    await subject.storage.put(grant.objectKey, Buffer.from('x'));
    await subject.breakDelete(grant.objectKey);
    advance(15 * MINUTE + UPLOAD_TRANSFER_LIMIT_MS);
    const result = await grants.sweep();
    expect(result).toMatchObject({ removed: 0, kept: 1, lastError: expect.objectContaining({ name: 'InvalidObjectKeyError' }) });
    expect(await db.knex('upload_grants').pluck('id')).toEqual([grant.id]);
  });
});
