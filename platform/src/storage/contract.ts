/**
 * The object storage contract: every adapter (local folder, S3-compatible) runs this same suite.
 * Imported by `<adapter>.test.ts` files only.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { InvalidObjectKeyError, ObjectLengthMismatchError, ObjectNotFoundError, ObjectTooLargeError, type ObjectStorage } from './types';

export interface StorageUnderTest {
  storage: ObjectStorage;
  /** Folder-backed adapters: the root, and a sibling folder outside it that must never change. */
  filesystem?: { root: string; outside: string };
  dispose?(): Promise<void>;
}

/** Declared up front so jest knows which tests exist; a test checks the declaration against the adapter. */
export interface ContractCapabilities {
  /** The adapter stores in a local folder and the factory fills in `filesystem`. */
  filesystem?: boolean;
}

export type StorageFactory = () => Promise<StorageUnderTest>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function chunked(data: Buffer, chunkSize: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) yield data.subarray(offset, offset + chunkSize);
    })(),
  );
}

/** A stream that sends some bytes and then breaks, like a dropped upload. */
function failingAfter(data: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield data;
      await sleep(5);
      throw new Error('connection reset');
    })(),
  );
}

/** Every file and link under `dir` with its content (or link target), to prove nothing changed. */
async function snapshot(dir: string, skip?: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (skip && (full === skip || full.startsWith(skip + path.sep))) continue;
    if (entry.isSymbolicLink()) result[full] = `-> ${await fs.readlink(full)}`;
    else if (entry.isFile()) result[full] = sha256(await fs.readFile(full));
    else result[full] = 'dir';
  }
  return result;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

type Sandbox = StorageUnderTest['filesystem'];

/**
 * Keys every adapter must refuse. On a local disk the suite may run as root, so an absolute key
 * points into the test's own sandbox: a regression must never be able to overwrite /etc/passwd.
 */
export const TRAVERSAL_KEYS: { label: string; key: (sandbox: Sandbox) => string }[] = [
  ...['../x', 'a/../../x', 'a//b', 'a\\b', 'a/./b', 'a\0b', '..', '.', '', 'a/', 'a/..', '../outside/x'].map((k) => ({
    label: JSON.stringify(k),
    key: () => k,
  })),
  {
    label: '"/etc/passwd" (a sandboxed absolute path on local disks)',
    key: (sandbox) => (sandbox ? path.join(sandbox.outside, 'passwd') : '/etc/passwd'),
  },
];

export function objectStorageContract(name: string, factory: StorageFactory, capabilities: ContractCapabilities): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let subject: StorageUnderTest;
    let storage: ObjectStorage;
    let prefix: string;
    const used = new Set<string>();
    // Keys get a per-test prefix so the suite can share a real bucket with other runs.
    const key = (leaf: string) => {
      used.add(`${prefix}/${leaf}`);
      return `${prefix}/${leaf}`;
    };

    beforeEach(async () => {
      subject = await factory();
      storage = subject.storage;
      prefix = `contract-${randomUUID()}`;
    });

    afterEach(async () => {
      try {
        await Promise.all([...used].map((k) => storage.delete(k)));
      } finally {
        used.clear();
        await subject.dispose?.();
      }
    });

    it('declares its capabilities truthfully', () => {
      expect(subject.filesystem !== undefined).toBe(capabilities.filesystem === true);
    });

    describe('round trip', () => {
      it('stores binary data and gives it back through head, readPrefix and read', async () => {
        const data = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
        await expect(storage.put(key('a'), data, { contentType: 'application/octet-stream' })).resolves.toEqual({ size: 512 });
        const head = await storage.head(key('a'));
        expect(head?.size).toBe(512);
        expect([undefined, 'application/octet-stream']).toContain(head?.contentType);
        expect(await storage.readPrefix(key('a'), 4)).toEqual(data.subarray(0, 4));
        expect(await storage.readPrefix(key('a'), 10_000)).toEqual(data);
        expect(await storage.readPrefix(key('a'), 0)).toEqual(Buffer.alloc(0));
        expect(await readAll(await storage.read(key('a')))).toEqual(data);
      });

      it('handles a 5 MB buffer', async () => {
        const data = randomBytes(5 * 1024 * 1024);
        await expect(storage.put(key('big'), data)).resolves.toEqual({ size: data.length });
        expect((await storage.head(key('big')))?.size).toBe(data.length);
        expect(await storage.readPrefix(key('big'), 16)).toEqual(data.subarray(0, 16));
        expect(sha256(await readAll(await storage.read(key('big'))))).toBe(sha256(data));
      });

      it('accepts a stream body and reports the size it stored', async () => {
        const data = randomBytes(300 * 1024 + 7);
        await expect(storage.put(key('streamed'), chunked(data, 16 * 1024), { maxBytes: data.length })).resolves.toEqual({
          size: data.length,
        });
        expect((await storage.head(key('streamed')))?.size).toBe(data.length);
        expect(sha256(await readAll(await storage.read(key('streamed'))))).toBe(sha256(data));
      });

      it('stores an empty object', async () => {
        await expect(storage.put(key('empty'), Buffer.alloc(0))).resolves.toEqual({ size: 0 });
        expect((await storage.head(key('empty')))?.size).toBe(0);
        expect(await storage.readPrefix(key('empty'), 16)).toEqual(Buffer.alloc(0));
        expect(await readAll(await storage.read(key('empty')))).toEqual(Buffer.alloc(0));
      });

      it('replaces an object on overwrite, including with a shorter one', async () => {
        await storage.put(key('a'), Buffer.from('the first, longer version'));
        await expect(storage.put(key('a'), Buffer.from('second'))).resolves.toEqual({ size: 6 });
        expect((await storage.head(key('a')))?.size).toBe(6);
        expect((await readAll(await storage.read(key('a')))).toString()).toBe('second');
      });

      it.each(['résumé final (1).pdf', '日本語 ファイル.png', 'emoji 📄 scan.jpg', 'with  two spaces .txt', 'a+b #1 & 100% ?.txt'])(
        'keeps unicode and spaces in the last segment: %s',
        async (last) => {
          const k = key(`dir/${last}`);
          try {
            await storage.put(k, Buffer.from(last));
            expect((await storage.head(k))?.size).toBe(Buffer.byteLength(last));
            expect((await readAll(await storage.read(k))).toString()).toBe(last);
          } finally {
            await storage.delete(k);
          }
          expect(await storage.head(k)).toBeUndefined();
        },
      );

      it('rejects a negative prefix length', async () => {
        await storage.put(key('a'), Buffer.from('x'));
        await expect(storage.readPrefix(key('a'), -1)).rejects.toThrow(RangeError);
      });
    });

    describe('missing objects', () => {
      it('head answers undefined', async () => {
        expect(await storage.head(key('nothing-here'))).toBeUndefined();
      });

      it('read and readPrefix reject with ObjectNotFoundError', async () => {
        const missing = key('nothing-here');
        await expect(storage.read(missing)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.read(missing)).rejects.toMatchObject({ key: missing });
        await expect(storage.readPrefix(missing, 8)).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.readPrefix(missing, 0)).rejects.toBeInstanceOf(ObjectNotFoundError);
      });

      it('a folder-like prefix of another key is not an object', async () => {
        await storage.put(key('a/inner'), Buffer.from('x'));
        try {
          expect(await storage.head(key('a'))).toBeUndefined();
          await expect(storage.read(key('a'))).rejects.toBeInstanceOf(ObjectNotFoundError);
          await storage.delete(key('a'));
          expect((await storage.head(key('a/inner')))?.size).toBe(1);
        } finally {
          await storage.delete(key('a/inner'));
        }
      });
    });

    describe('delete', () => {
      it('removes the object and is idempotent', async () => {
        await expect(storage.delete(key('never-existed'))).resolves.toBeUndefined();
        await storage.put(key('a'), Buffer.from('bye'));
        await storage.delete(key('a'));
        expect(await storage.head(key('a'))).toBeUndefined();
        await expect(storage.read(key('a'))).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(storage.delete(key('a'))).resolves.toBeUndefined();
      });
    });

    describe('deletePrefix', () => {
      it('removes every object under a folder-like prefix, and nothing beside it', async () => {
        await storage.put(key('user-a/one'), Buffer.from('1'));
        await storage.put(key('user-a/deep/two'), Buffer.from('2'));
        await storage.put(key('user-ab/three'), Buffer.from('3'));
        expect(await storage.deletePrefix(`${prefix}/user-a/`)).toBe(2);
        expect(await storage.head(key('user-a/one'))).toBeUndefined();
        expect(await storage.head(key('user-a/deep/two'))).toBeUndefined();
        expect((await storage.head(key('user-ab/three')))?.size).toBe(1);
        expect(await storage.deletePrefix(`${prefix}/user-a/`)).toBe(0);
        expect(await storage.deletePrefix(`${prefix}/never-existed/`)).toBe(0);
      });

      it('refuses a prefix that is not a safe folder', async () => {
        await expect(storage.deletePrefix(`${prefix}/no-slash`)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.deletePrefix('/')).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.deletePrefix(`${prefix}/../`)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      });
    });

    describe('maxBytes', () => {
      it('accepts an object of exactly maxBytes', async () => {
        await expect(storage.put(key('limited'), chunked(randomBytes(1000), 100), { maxBytes: 1000 })).resolves.toEqual({ size: 1000 });
        await expect(storage.put(key('b'), randomBytes(1000), { maxBytes: 1000 })).resolves.toEqual({ size: 1000 });
      });

      it('rejects an oversize buffer and stores nothing', async () => {
        await expect(storage.put(key('limited'), randomBytes(1001), { maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
        expect(await storage.head(key('limited'))).toBeUndefined();
      });

      it('rejects an oversize stream, stops reading it, and stores nothing', async () => {
        let produced = 0;
        const endless = Readable.from(
          (function* () {
            for (;;) {
              produced += 64 * 1024;
              yield randomBytes(64 * 1024);
            }
          })(),
        );
        await expect(storage.put(key('limited'), endless, { maxBytes: 256 * 1024 })).rejects.toMatchObject({
          name: 'ObjectTooLargeError',
          maxBytes: 256 * 1024,
        });
        expect(produced).toBeLessThan(4 * 1024 * 1024);
        expect(await storage.head(key('limited'))).toBeUndefined();
      });

      it('keeps the previous version when an oversize overwrite is refused', async () => {
        await storage.put(key('a'), Buffer.from('original'));
        await expect(storage.put(key('a'), chunked(randomBytes(5000), 1000), { maxBytes: 4000 })).rejects.toBeInstanceOf(
          ObjectTooLargeError,
        );
        expect((await readAll(await storage.read(key('a')))).toString()).toBe('original');
      });
    });

    describe('a stream of declared length (an upload with its Content-Length)', () => {
      it('stores it', async () => {
        const data = randomBytes(3 * 1024 * 1024 + 11);
        await expect(
          storage.put(key('declared'), chunked(data, 64 * 1024), {
            contentLength: data.length,
            maxBytes: data.length,
            contentType: 'application/pdf',
          }),
        ).resolves.toEqual({
          size: data.length,
        });
        expect((await storage.head(key('declared')))?.size).toBe(data.length);
        expect(sha256(await readAll(await storage.read(key('declared'))))).toBe(sha256(data));
      });

      it('stores an empty one', async () => {
        await expect(storage.put(key('none'), chunked(Buffer.alloc(0), 1), { contentLength: 0 })).resolves.toEqual({ size: 0 });
        expect((await storage.head(key('none')))?.size).toBe(0);
      });

      it('refuses a declared length over maxBytes before reading a byte', async () => {
        let produced = 0;
        const body = Readable.from(
          (function* () {
            produced += 1;
            yield randomBytes(10);
          })(),
        );
        await expect(storage.put(key('declared'), body, { contentLength: 1001, maxBytes: 1000 })).rejects.toBeInstanceOf(
          ObjectTooLargeError,
        );
        expect(produced).toBe(0);
        expect(await storage.head(key('declared'))).toBeUndefined();
      });

      it('a body shorter or longer than declared stores nothing and keeps the previous version', async () => {
        await storage.put(key('a'), Buffer.from('original'));
        await expect(storage.put(key('a'), chunked(randomBytes(5000), 1000), { contentLength: 6000 })).rejects.toBeInstanceOf(
          ObjectLengthMismatchError,
        );
        await expect(storage.put(key('a'), chunked(randomBytes(7000), 1000), { contentLength: 6000 })).rejects.toBeInstanceOf(
          ObjectLengthMismatchError,
        );
        expect((await readAll(await storage.read(key('a')))).toString()).toBe('original');
        await expect(storage.put(key('b'), chunked(randomBytes(5000), 1000), { contentLength: 6000 })).rejects.toBeInstanceOf(
          ObjectLengthMismatchError,
        );
        expect(await storage.head(key('b'))).toBeUndefined();
      });

      it('a body that breaks midway stores nothing and keeps the previous version', async () => {
        await storage.put(key('a'), Buffer.from('original'));
        await expect(storage.put(key('a'), failingAfter(randomBytes(10_000)), { contentLength: 20_000 })).rejects.toThrow(
          'connection reset',
        );
        expect((await readAll(await storage.read(key('a')))).toString()).toBe('original');
        await expect(storage.put(key('b'), failingAfter(randomBytes(10_000)), { contentLength: 20_000 })).rejects.toThrow(
          'connection reset',
        );
        expect(await storage.head(key('b'))).toBeUndefined();
      });
    });

    describe('failed uploads', () => {
      it('a stream that breaks midway stores nothing and keeps the previous version', async () => {
        await expect(storage.put(key('b'), failingAfter(randomBytes(10_000)))).rejects.toThrow('connection reset');
        expect(await storage.head(key('b'))).toBeUndefined();
        await storage.put(key('a'), Buffer.from('original'));
        await expect(storage.put(key('a'), failingAfter(randomBytes(10_000)))).rejects.toThrow('connection reset');
        expect((await readAll(await storage.read(key('a')))).toString()).toBe('original');
      });
    });

    describe('key validation and path traversal', () => {
      it.each(TRAVERSAL_KEYS.map((k) => [k.label, k]))('refuses %s in every operation', async (_label, entry) => {
        const bad = entry.key(subject.filesystem);
        const before = subject.filesystem ? await snapshot(path.dirname(subject.filesystem.root), subject.filesystem.root) : undefined;
        await expect(storage.put(bad, Buffer.from('pwned'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.put(bad, chunked(Buffer.from('pwned'), 2))).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.head(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.readPrefix(bad, 4)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.read(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.delete(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.put(bad, chunked(Buffer.from('pwned'), 2), { contentLength: 5 })).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
        if (subject.filesystem && before) {
          expect(await snapshot(path.dirname(subject.filesystem.root), subject.filesystem.root)).toEqual(before);
          expect(await filesUnder(subject.filesystem.root)).toEqual([]);
        }
      });

      it('refuses keys longer than 512 characters', async () => {
        await expect(storage.put('k'.repeat(513), Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
      });
    });

    // Suites that cannot apply to an adapter are not registered at all, rather than reported as skipped.
    if (capabilities.filesystem)
      describe('local folder containment', () => {
        const fsOf = () => subject.filesystem!;
        let secret: string;

        beforeEach(async () => {
          secret = path.join(fsOf().outside, 'secret.txt');
          await fs.mkdir(fsOf().outside, { recursive: true });
          await fs.writeFile(secret, 'outside the root');
          await fs.mkdir(fsOf().root, { recursive: true });
        });

        // Read-only on purpose: writing to the real /etc/passwd is what a regression must not be able to do.
        it('will not read /etc/passwd', async () => {
          await expect(storage.head('/etc/passwd')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.readPrefix('/etc/passwd', 4)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.read('/etc/passwd')).rejects.toBeInstanceOf(InvalidObjectKeyError);
        });

        it('cannot be written, read or deleted through a planted folder symlink', async () => {
          await fs.symlink(fsOf().outside, path.join(fsOf().root, 'link'), 'dir');
          const before = await snapshot(fsOf().outside);
          await expect(storage.put('link/pwned', Buffer.from('pwned'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.put('link/deeper/pwned', chunked(Buffer.from('pwned'), 2))).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.put('link/secret.txt', Buffer.from('pwned'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.read('link/secret.txt')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.readPrefix('link/secret.txt', 4)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.head('link/secret.txt')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.delete('link/secret.txt')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          expect(await snapshot(fsOf().outside)).toEqual(before);
        });

        it('does not follow a planted file symlink', async () => {
          const link = path.join(fsOf().root, 'file-link');
          await fs.symlink(secret, link, 'file');
          await expect(storage.read('file-link')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.readPrefix('file-link', 4)).rejects.toBeInstanceOf(InvalidObjectKeyError);
          await expect(storage.head('file-link')).rejects.toBeInstanceOf(InvalidObjectKeyError);
          // A put replaces the link itself rather than writing through it.
          await storage.put('file-link', Buffer.from('replaced'));
          expect(await fs.readFile(secret, 'utf8')).toBe('outside the root');
          expect((await fs.lstat(link)).isSymbolicLink()).toBe(false);
          await fs.rm(link);
          await fs.symlink(secret, link, 'file');
          await storage.delete('file-link');
          expect(await fs.readFile(secret, 'utf8')).toBe('outside the root');
        });

        it('leaves no temporary files after refused or broken uploads', async () => {
          await storage.put('kept/a', Buffer.from('kept'));
          await expect(storage.put('kept/b', chunked(randomBytes(5000), 1000), { maxBytes: 100 })).rejects.toBeInstanceOf(
            ObjectTooLargeError,
          );
          await expect(storage.put('kept/a', failingAfter(randomBytes(1000)))).rejects.toThrow('connection reset');
          await expect(storage.put('fresh/c', randomBytes(200), { maxBytes: 100 })).rejects.toBeInstanceOf(ObjectTooLargeError);
          expect(await filesUnder(fsOf().root)).toEqual([path.join('kept', 'a')]);
        });
      });
  });
}
