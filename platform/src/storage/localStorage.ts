import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit, ExactLength, assertDeclaredLength, assertPrefixLength } from './limits';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  assertSafeKey,
  type ObjectStorage,
  type PutOptions,
  assertSafePrefix,
} from './types';

// Objects are only ever regular files written by put(); refusing to follow a symlink in the last
// segment means a link planted inside the root cannot expose a file outside it.
const OPEN_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;
const isMissing = (error: unknown) => codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR';

/**
 * Objects as plain files under one folder (the app uses `$DATA_DIR/objects`). The content type is
 * not kept: callers sniff the real type with readPrefix, and a sidecar file could collide with a key.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly root: string;
  private realRoot: Promise<string> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<{ size: number }> {
    const target = this.pathOf(key);
    if (Buffer.isBuffer(body) && options.maxBytes !== undefined && body.length > options.maxBytes) {
      throw new ObjectTooLargeError(options.maxBytes);
    }
    const declared = Buffer.isBuffer(body) ? undefined : options.contentLength;
    assertDeclaredLength(declared, options.maxBytes);
    await this.prepareFolder(path.dirname(target), key);
    // Same folder as the target so the final rename is atomic; readers never see a partial file.
    const temp = path.join(path.dirname(target), `.upload-${randomUUID()}`);
    const limit = new ByteLimit(options.maxBytes);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const file = createWriteStream(temp, { flags: 'wx', flush: true });
      await (declared === undefined ? pipeline(source, limit, file) : pipeline(source, limit, new ExactLength(declared), file));
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    return { size: limit.bytes };
  }

  async head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
    const opened = await this.openFile(key);
    if (!opened) return undefined;
    await opened.handle.close();
    return { size: opened.size, contentType: undefined };
  }

  async readPrefix(key: string, bytes: number): Promise<Buffer> {
    assertPrefixLength(bytes);
    const opened = await this.openFile(key);
    if (!opened) throw new ObjectNotFoundError(key);
    try {
      const buffer = Buffer.alloc(Math.min(bytes, opened.size));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await opened.handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await opened.handle.close();
    }
  }

  async read(key: string): Promise<Readable> {
    const opened = await this.openFile(key);
    if (!opened) throw new ObjectNotFoundError(key);
    return opened.handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await this.assertInsideRoot(path.dirname(target), key);
      if ((await fs.lstat(target)).isDirectory()) return;
      await fs.unlink(target);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    const folder = this.pathOf(prefix.slice(0, -1));
    try {
      await this.assertInsideRoot(folder, prefix);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let count = 0;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else count += 1;
      }
    };
    // Another process may remove the same folder meanwhile (an account's erasure runs in every
    // process that holds its files): what is already gone is not an error.
    try {
      if (!(await fs.lstat(folder)).isDirectory()) return 0;
      await walk(folder);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    // Temp files of writes in flight live beside their key, so they go with the folder too.
    await fs.rm(folder, { recursive: true, force: true });
    return count;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const resolved = path.resolve(this.root, key);
    const base = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    if (!resolved.startsWith(base)) throw new InvalidObjectKeyError(key);
    return resolved;
  }

  private realRootPath(): Promise<string> {
    this.realRoot ??= fs
      .mkdir(this.root, { recursive: true })
      .then(() => fs.realpath(this.root))
      .catch((error: unknown) => {
        this.realRoot = undefined;
        throw error;
      });
    return this.realRoot;
  }

  /** The lexical check cannot see symlinks; the folder's real location must also be under the real root. */
  private async assertInsideRoot(folder: string, key: string): Promise<void> {
    const [real, realRoot] = await Promise.all([fs.realpath(folder), this.realRootPath()]);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new InvalidObjectKeyError(key);
  }

  private async prepareFolder(folder: string, key: string): Promise<void> {
    await this.realRootPath();
    // mkdir -p follows symlinks, so check the deepest folder that already exists before creating
    // anything below it; otherwise a planted link would get folders created outside the root.
    let existing = folder;
    while (
      existing !== this.root &&
      !(await fs.lstat(existing).then(
        () => true,
        () => false,
      ))
    ) {
      existing = path.dirname(existing);
    }
    await this.assertInsideRoot(existing, key);
    await fs.mkdir(folder, { recursive: true });
    await this.assertInsideRoot(folder, key);
  }

  private async openFile(key: string): Promise<{ handle: FileHandle; size: number } | undefined> {
    const target = this.pathOf(key);
    let handle: FileHandle;
    try {
      await this.assertInsideRoot(path.dirname(target), key);
      handle = await fs.open(target, OPEN_NO_FOLLOW);
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (codeOf(error) === 'ELOOP') throw new InvalidObjectKeyError(key);
      throw error;
    }
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, size: stat.size };
    await handle.close();
    return undefined;
  }
}
