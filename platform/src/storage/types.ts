import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (ARCHITECTURE §3): a local folder under DATA_DIR by default, or any
 * S3-compatible service. Keys are relative paths like `users/<userId>/<uuid>`; an adapter refuses
 * any key that is absolute, contains `..`, a backslash, a NUL or an empty segment.
 */
export interface ObjectStorage {
  /** Stores a whole object (server-side writes, e.g. generated PDFs, and the local upload route). */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string; maxBytes?: number }): Promise<{ size: number }>;
  /** Size and type, or undefined when there is no such object. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  /** The first `bytes` bytes (fewer if the object is shorter), to sniff the real content type. */
  readPrefix(key: string, bytes: number): Promise<Buffer>;
  /** The whole object as a stream; rejects with ObjectNotFoundError when missing. */
  read(key: string): Promise<Readable>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * An address the browser can PUT the file to directly, valid for `expiresInSeconds`.
   * S3: a presigned PUT URL. Local: undefined (the gateway issues its own signed path).
   */
  presignedPutUrl?(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string>;
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
