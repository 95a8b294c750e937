import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/ARCHITECTURE.md, "Two ways to run"): a local folder under DATA_DIR by default, or any
 * S3-compatible service. Keys are relative paths like `users/<userId>/<uuid>`; an adapter refuses
 * any key that is absolute, contains `..`, a backslash, a NUL or an empty segment.
 */
export interface ObjectStorage {
  /**
   * Stores a whole object, or nothing: a refused or broken body never leaves a partial object nor
   * replaces the previous one. `contentLength` is the exact size of a stream body when it is known
   * (an upload's Content-Length, a stored object's size): the adapter then streams it without
   * holding it in memory, and a body of another length fails.
   */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<{ size: number }>;
  /** Size and type, or undefined when there is no such object. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  /** The first `bytes` bytes (fewer if the object is shorter), to sniff the real content type. */
  readPrefix(key: string, bytes: number): Promise<Buffer>;
  /** The whole object as a stream; rejects with ObjectNotFoundError when missing. */
  read(key: string): Promise<Readable>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (a folder-like prefix ending in "/", e.g.
   * `documents/<userId>/`), however it got there; answers how many. Used to erase an account's files.
   */
  deletePrefix(prefix: string): Promise<number>;
}

/** A prefix for `deletePrefix`: a safe key followed by "/". */
export function assertSafePrefix(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new InvalidObjectKeyError(prefix);
  assertSafeKey(prefix.slice(0, -1));
}

export interface PutOptions {
  contentType?: string;
  /** More bytes than this fail with ObjectTooLargeError, and nothing is stored. */
  maxBytes?: number;
  /** The exact size of a stream body, when known. */
  contentLength?: number;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class InvalidObjectKeyError extends Error {
  constructor(readonly key: string) {
    super(`Refused object key ${JSON.stringify(key)}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** A stream body ended before, or went past, the length it declared. */
export class ObjectLengthMismatchError extends Error {
  constructor(readonly declared: number) {
    super(`The body did not match its declared length of ${declared} bytes`);
    this.name = 'ObjectLengthMismatchError';
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** Shared key check for every adapter. */
export function assertSafeKey(key: string): void {
  const bad =
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new InvalidObjectKeyError(key);
}
