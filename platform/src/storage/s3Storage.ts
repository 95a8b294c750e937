import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { ExactLength, assertDeclaredLength, assertPrefixLength, readAtMost } from './limits';
import { ObjectNotFoundError, ObjectTooLargeError, assertSafeKey, assertSafePrefix, type ObjectStorage, type PutOptions } from './types';

export interface S3ObjectStorageOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, s3rver...); omit for AWS. */
  endpoint?: string;
  region?: string;
  /** Defaults to true when an endpoint is given: most S3-compatible services lack virtual-host buckets. */
  forcePathStyle?: boolean;
  /** Omit to use the SDK's default chain (AWS_* variables, profiles, instance roles). */
  credentials?: S3ClientConfig['credentials'];
  /**
   * A stream body without a declared length is held in memory before the PutObject (S3 needs the
   * length up front); this caps such a put when it has no maxBytes of its own.
   */
  streamBufferLimit?: number;
}

/**
 * Where a stream body is written before it is copied to its key. S3 stores nothing from a broken
 * PUT; a crash between the two steps, or a server that keeps what arrived of an aborted PUT
 * (s3rver), can leave an object here: a bucket lifecycle rule expiring this prefix after a day
 * removes it.
 */
export const S3_STAGING_PREFIX = 'staging/';

const DEFAULT_STREAM_BUFFER_LIMIT = 100 * 1024 * 1024;

const quiet = () => undefined;
const QUIET = { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };

type S3Failure = { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;

// A missing bucket is also a 404, but it is a misconfiguration, not a missing object.
function isMissingObject(error: unknown): boolean {
  const failure = error as S3Failure;
  if (failure?.name === 'NoSuchBucket') return false;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

const isEmptyObjectRange = (error: unknown) =>
  (error as S3Failure)?.name === 'InvalidRange' || (error as S3Failure)?.$metadata?.httpStatusCode === 416;

export class S3ObjectStorage implements ObjectStorage {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly config: S3ClientConfig;
  private readonly streamBufferLimit: number;

  constructor(options: S3ObjectStorageOptions) {
    this.bucket = options.bucket;
    this.streamBufferLimit = options.streamBufferLimit ?? DEFAULT_STREAM_BUFFER_LIMIT;
    this.config = {
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      credentials: options.credentials,
      // By default the SDK sends a streamed body aws-chunked with a trailing checksum, which
      // S3-compatible servers such as s3rver store verbatim, framing included.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // Each failure reaches the caller as a rejection; the SDK would also print some to the console.
      logger: QUIET,
    };
    this.client = new S3Client(this.config);
  }

  /** S3_BUCKET (required), S3_ENDPOINT, S3_REGION (default us-east-1); AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or the SDK chain. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): S3ObjectStorage {
    const bucket = env.S3_BUCKET;
    if (!bucket) throw new Error('S3_BUCKET must be set to use S3 object storage');
    const endpoint = env.S3_ENDPOINT || undefined;
    const credentials =
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN || undefined,
          }
        : undefined;
    return new S3ObjectStorage({ bucket, endpoint, region: env.S3_REGION || 'us-east-1', credentials });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<{ size: number }> {
    assertSafeKey(key);
    const { maxBytes, contentType } = options;
    if (Buffer.isBuffer(body)) {
      if (maxBytes !== undefined && body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }),
      );
      return { size: body.length };
    }
    if (options.contentLength === undefined) {
      const data = await readAtMost(body, maxBytes ?? this.streamBufferLimit);
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentType }),
      );
      return { size: data.length };
    }
    assertDeclaredLength(options.contentLength, maxBytes);
    await this.putStream(key, body, options.contentLength, contentType);
    return { size: options.contentLength };
  }

  /**
   * A stream of known length goes to the bucket as it arrives, never held in memory. S3 stores
   * nothing from a PUT whose body falls short, but some S3-compatible servers (s3rver) keep what
   * arrived; so the stream is written to a staging key of its own, and only a complete one is
   * copied (server-side) to its key, which therefore never holds a partial object.
   */
  private async putStream(key: string, body: Readable, length: number, contentType: string | undefined): Promise<void> {
    const staging = `${S3_STAGING_PREFIX}${randomUUID()}`;
    const abort = new AbortController();
    const counted = new ExactLength(length);
    // The SDK does not notice a body stream that fails; aborting its request does.
    pipeline(body, counted, (error) => {
      if (error) abort.abort(error);
    });
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: staging, Body: counted, ContentLength: length, ContentType: contentType }),
        { abortSignal: abort.signal },
      );
      if (abort.signal.aborted) throw abort.signal.reason;
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${staging}`, MetadataDirective: 'COPY' }),
      );
    } catch (error) {
      const cause: unknown = abort.signal.aborted ? abort.signal.reason : error;
      counted.destroy();
      throw cause;
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: staging })).catch(() => undefined);
    }
  }

  async head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType };
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async readPrefix(key: string, bytes: number): Promise<Buffer> {
    assertSafeKey(key);
    assertPrefixLength(bytes);
    if (bytes === 0) {
      if (!(await this.head(key))) throw new ObjectNotFoundError(key);
      return Buffer.alloc(0);
    }
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      // s3rver answers a range on an empty object with 206 "bytes 0-0/0" and a Content-Length of 1
      // but no body; reading it would hang until the socket closes.
      if (out.ContentRange?.endsWith('/0')) {
        (out.Body as Readable | undefined)?.destroy();
        return Buffer.alloc(0);
      }
      const content = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
      // Some S3-compatible services ignore Range and send the whole object.
      return content.subarray(0, bytes);
    } catch (error) {
      if (isMissingObject(error)) throw new ObjectNotFoundError(key);
      // S3 answers any range on an empty object with 416.
      if (isEmptyObjectRange(error)) return Buffer.alloc(0);
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return out.Body;
    } catch (error) {
      if (isMissingObject(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertSafePrefix(prefix);
    let count = 0;
    // Listing again from the start after each batch: deleted keys are gone, so this ends.
    for (;;) {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (listed.Contents ?? []).map((object) => object.Key).filter((k): k is string => Boolean(k));
      if (keys.length === 0) return count;
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
      if (result.Errors?.length)
        throw new Error(`Could not delete ${result.Errors.length} objects under ${prefix}: ${result.Errors[0]?.Message ?? ''}`);
      count += keys.length;
    }
  }

  /** Releases the client's keep-alive sockets. */
  destroy(): void {
    this.client.destroy();
  }
}
