import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { assertPrefixLength, readAtMost } from './limits';
import { ObjectNotFoundError, ObjectTooLargeError, assertSafeKey, type ObjectStorage } from './types';

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
   * Stream bodies are held in memory before the PutObject (no multipart without @aws-sdk/lib-storage);
   * this caps a stream put without its own maxBytes.
   */
  streamBufferLimit?: number;
}

const DEFAULT_STREAM_BUFFER_LIMIT = 100 * 1024 * 1024;

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
  private presignClient: S3Client | undefined;
  private readonly streamBufferLimit: number;

  constructor(options: S3ObjectStorageOptions) {
    this.bucket = options.bucket;
    this.streamBufferLimit = options.streamBufferLimit ?? DEFAULT_STREAM_BUFFER_LIMIT;
    this.config = {
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      credentials: options.credentials,
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
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined }
        : undefined;
    return new S3ObjectStorage({ bucket, endpoint, region: env.S3_REGION || 'us-east-1', credentials });
  }

  async put(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string; maxBytes?: number } = {},
  ): Promise<{ size: number }> {
    assertSafeKey(key);
    const { maxBytes } = options;
    if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    const data = Buffer.isBuffer(body) ? body : await readAtMost(body, maxBytes ?? this.streamBufferLimit);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: options.contentType }),
    );
    return { size: data.length };
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

  async presignedPutUrl(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string> {
    assertSafeKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType });
    return getSignedUrl(this.presigner(), command, {
      expiresIn: options.expiresInSeconds,
      // Signing the type stops the browser from storing e.g. text/html under a key meant for a PDF.
      signableHeaders: options.contentType ? new Set(['content-type']) : undefined,
    });
  }

  /** Releases the clients' keep-alive sockets. */
  destroy(): void {
    this.client.destroy();
    this.presignClient?.destroy();
  }

  // By default the SDK signs a CRC32 of the (empty, at signing time) body into the URL, and S3 then
  // rejects every real upload with a checksum mismatch; presigned PUTs must not carry a checksum.
  private presigner(): S3Client {
    this.presignClient ??= new S3Client({ ...this.config, requestChecksumCalculation: 'WHEN_REQUIRED' });
    return this.presignClient;
  }
}
