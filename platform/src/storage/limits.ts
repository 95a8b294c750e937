import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { ObjectLengthMismatchError, ObjectTooLargeError } from './types';

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string | Uint8Array));

/** Passes bytes through and fails the pipeline the moment the total exceeds `maxBytes`, so oversize uploads are never fully written. */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number | undefined) {
    super();
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    const buffer = asBuffer(chunk);
    this.bytes += buffer.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) callback(new ObjectTooLargeError(this.maxBytes));
    else callback(null, buffer);
  }
}

/** Passes bytes through and fails the pipeline when the stream carries more or fewer than `declared`. */
export class ExactLength extends Transform {
  bytes = 0;

  constructor(private readonly declared: number) {
    super();
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    const buffer = asBuffer(chunk);
    this.bytes += buffer.length;
    if (this.bytes > this.declared) callback(new ObjectLengthMismatchError(this.declared));
    else callback(null, buffer);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.bytes === this.declared ? null : new ObjectLengthMismatchError(this.declared));
  }
}

/** Checks a declared length against the limit before a byte is read. */
export function assertDeclaredLength(contentLength: number | undefined, maxBytes: number | undefined): void {
  if (contentLength === undefined) return;
  if (!Number.isSafeInteger(contentLength) || contentLength < 0)
    throw new RangeError(`contentLength must be a byte count >= 0, got ${contentLength}`);
  if (maxBytes !== undefined && contentLength > maxBytes) throw new ObjectTooLargeError(maxBytes);
}

/** Reads a whole stream into memory, giving up (and destroying the source) once it passes `maxBytes`. */
export async function readAtMost(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    const buffer = asBuffer(chunk);
    total += buffer.length;
    if (total > maxBytes) {
      source.destroy();
      throw new ObjectTooLargeError(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

export function assertPrefixLength(bytes: number): void {
  if (!Number.isInteger(bytes) || bytes < 0) throw new RangeError(`readPrefix needs a byte count >= 0, got ${bytes}`);
}
