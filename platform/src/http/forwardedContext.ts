import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { SIGNATURE_WINDOW_SECONDS, signInternalRequest, verifyInternalRequest, WRITE_POSITION_HEADER } from '../commands/internalCommands';
import { formatPosition, maxPosition, parsePosition, type GlobalPosition } from '../eventstore/types';
import type { Logger } from '../logger';
import type { AuthContext, RequestContext } from './context';
import { problems } from './problem';

/**
 * The split topology (docs/decisions/topology.md): the gateway establishes who is asking from the session and
 * forwards the request to a service with that context in a header, signed with the shared secret
 * (`x-cc-context-signature`, as the internal command calls) over the method, the URL, the context,
 * a nonce and the body: a digest of a JSON body the gateway read, or the declared length of a body
 * it streams through (an upload, the webhook). The service trusts nothing else, so a call that
 * bypasses the gateway is refused, and so is a captured request sent again (its nonce is
 * remembered for the signature's window) or with another body.
 */
export const FORWARDED_CONTEXT_HEADER = 'x-cc-context';
export const FORWARDED_SIGNATURE_HEADER = 'x-cc-context-signature';
export const FORWARDED_NONCE_HEADER = 'x-cc-nonce';
/** `sha256=<hex>` of the exact bytes sent, or `length=<n>` for a body streamed through with that Content-Length. */
export const FORWARDED_BODY_HEADER = 'x-cc-body';

const contextSchema = z.object({
  correlationId: z.string().min(1).max(200),
  auth: z.object({ userId: z.string(), sessionId: z.string(), tier: z.string(), roles: z.array(z.string()) }).optional(),
});

const signedText = (method: string, url: string, context: string, nonce: string, body: string) =>
  `${method.toUpperCase()} ${url}\n${context}\n${nonce}\n${body}`;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** What the gateway sends on: the bytes of a body it read (and writes again), or the length of one it streams. */
export type ForwardedBody = { bytes: Buffer | string } | { streamedLength: number };

function describeBody(body: ForwardedBody): string {
  return 'bytes' in body ? `sha256=${sha256(body.bytes)}` : `length=${body.streamedLength}`;
}

/** The headers the gateway adds to a forwarded request. */
export function forwardedContextHeaders(
  secret: string,
  request: { method: string; url: string; body: ForwardedBody },
  context: Pick<RequestContext, 'correlationId' | 'auth'>,
  nowMs = Date.now(),
): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify({ correlationId: context.correlationId, auth: context.auth })).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const body = describeBody(request.body);
  return {
    [FORWARDED_CONTEXT_HEADER]: encoded,
    [FORWARDED_NONCE_HEADER]: nonce,
    [FORWARDED_BODY_HEADER]: body,
    [FORWARDED_SIGNATURE_HEADER]: signInternalRequest(secret, signedText(request.method, request.url, encoded, nonce, body), nowMs),
  };
}

/**
 * Nonces of the signatures accepted, each kept until its signature could no longer be accepted
 * anyway (its time plus the window). Every one was signed with the shared secret, so only the
 * gateway's traffic fills it. Each process remembers its own: a replica has not seen what another
 * accepted, so a captured request may be accepted once by each replica within the window, with the
 * very body it was signed with.
 */
export class NonceMemory {
  private readonly expiries = new Map<string, number>();

  /** False when the nonce was already accepted. */
  accept(nonce: string, nowMs = Date.now()): boolean {
    for (const [seen, expiresAt] of this.expiries) {
      // Insertion order is nearly expiry order: stop at the first one still running.
      if (expiresAt > nowMs) break;
      this.expiries.delete(seen);
    }
    if (this.expiries.has(nonce)) return false;
    this.expiries.set(nonce, nowMs + 2 * SIGNATURE_WINDOW_SECONDS * 1000);
    return true;
  }

  size(): number {
    return this.expiries.size;
  }
}

const expectedDigest = Symbol('forwarded body digest');
const digestChecked = Symbol('forwarded body digest checked');
type ForwardedRequest = IncomingMessage & { [expectedDigest]?: string; [digestChecked]?: boolean };
const EMPTY_DIGEST = sha256('');

/** The body the signature names must be the body that came: the length at once, a digest when the body is read. */
function checkBodyDescription(req: ForwardedRequest, description: string): boolean {
  const length = /^length=(\d{1,15})$/.exec(description);
  if (length) {
    const declared = req.headers['content-length'];
    // Node's parser reads exactly Content-Length bytes; a chunked body would have no such bound.
    if (req.headers['transfer-encoding']) return false;
    return declared === undefined ? length[1] === '0' : declared === length[1];
  }
  const digest = /^sha256=([0-9a-f]{64})$/.exec(description);
  if (!digest) return false;
  req[expectedDigest] = digest[1];
  return true;
}

/**
 * A service's counterpart of the gateway's request context: verifies the signature (401 problem
 * details without a valid one), and puts the forwarded context on `res.locals.ctx`. A command's
 * position goes back in a response header, since the session lives in the gateway.
 */
export function forwardedContext(options: {
  secret: string;
  logger: Logger;
  /** Records a position in the session itself, for a write made after the answer started streaming (no header can carry it then). */
  recordLateWrite?: (sessionId: string, position: GlobalPosition) => Promise<void>;
  nonces?: NonceMemory;
}): RequestHandler {
  if (options.secret.length < 32) throw new Error('The internal secret must be at least 32 characters');
  const nonces = options.nonces ?? new NonceMemory();
  return (req, res, next) => {
    const encoded = req.get(FORWARDED_CONTEXT_HEADER) ?? '';
    const nonce = req.get(FORWARDED_NONCE_HEADER) ?? '';
    const body = req.get(FORWARDED_BODY_HEADER) ?? '';
    const signed = signedText(req.method, req.originalUrl, encoded, nonce, body);
    if (
      nonce.length < 16 ||
      !verifyInternalRequest(options.secret, req.get(FORWARDED_SIGNATURE_HEADER), signed) ||
      !checkBodyDescription(req, body)
    ) {
      throw problems.unauthorized('This service answers only requests the gateway forwards.');
    }
    // Checked after the signature, so nobody but the gateway can fill the memory.
    if (!nonces.accept(nonce)) throw problems.unauthorized('This request was already answered once.');
    const forwarded = contextSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    const ctx: RequestContext = {
      correlationId: forwarded.correlationId,
      auth: forwarded.auth as AuthContext | undefined,
      recordWrite: async (position) => {
        if (!position) return;
        if (!res.headersSent) return recordWriteHeader(res, position);
        if (forwarded.auth && options.recordLateWrite) {
          await options
            .recordLateWrite(forwarded.auth.sessionId, position)
            .catch((error: unknown) => options.logger.warn({ err: error }, 'could not remember the write for read-your-writes'));
        }
      },
      logger: options.logger.child({ correlationId: forwarded.correlationId }),
    };
    res.locals.ctx = ctx;
    next();
  };
}

/**
 * The JSON body of a forwarded request, refused (401) unless its bytes are the ones the gateway
 * signed; a body that was not read as JSON (another content type) is refused too, unless empty.
 * Use it in place of express.json behind `forwardedContext`.
 */
export function forwardedJsonBody(limit: string | number): RequestHandler {
  const refused = () => problems.unauthorized('The request body is not the one the gateway forwarded.');
  const parse = express.json({
    limit,
    verify: (req: ForwardedRequest, _res, bytes) => {
      if (req[expectedDigest] !== undefined && sha256(bytes) !== req[expectedDigest]) throw refused();
      req[digestChecked] = true;
    },
  });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const forwarded = req as ForwardedRequest;
      const expected = forwarded[expectedDigest];
      if (expected !== undefined && expected !== EMPTY_DIGEST && !forwarded[digestChecked]) return next(refused());
      next();
    });
  };
}

function recordWriteHeader(res: Response, position: GlobalPosition) {
  // The furthest of several writes in one request.
  const furthest = maxPosition(parsePosition(res.getHeader(WRITE_POSITION_HEADER) as string | undefined), position)!;
  res.setHeader(WRITE_POSITION_HEADER, formatPosition(furthest));
}
