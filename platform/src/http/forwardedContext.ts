import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import { signInternalRequest, verifyInternalRequest, WRITE_POSITION_HEADER } from '../commands/internalCommands';
import { formatPosition, maxPosition, parsePosition, type GlobalPosition } from '../eventstore/types';
import type { Logger } from '../logger';
import type { AuthContext, RequestContext } from './context';
import { problems } from './problem';

/**
 * The split topology (ARCHITECTURE §18): the gateway establishes who is asking from the session and
 * forwards the request to a service with that context in a header, signed with the shared secret
 * over the method, the URL and the context (`x-cc-internal-signature`, as the internal command
 * calls). The service trusts nothing else, so a call that bypasses the gateway is refused.
 */
export const FORWARDED_CONTEXT_HEADER = 'x-cc-context';
export const FORWARDED_SIGNATURE_HEADER = 'x-cc-context-signature';

const contextSchema = z.object({
  correlationId: z.string().min(1).max(200),
  auth: z
    .object({ userId: z.string(), sessionId: z.string(), tier: z.string(), roles: z.array(z.string()) })
    .optional(),
});

const signedText = (method: string, url: string, context: string) => `${method.toUpperCase()} ${url}\n${context}`;

/** The two headers the gateway adds to a forwarded request. */
export function forwardedContextHeaders(secret: string, request: { method: string; url: string }, context: Pick<RequestContext, 'correlationId' | 'auth'>): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify({ correlationId: context.correlationId, auth: context.auth })).toString('base64url');
  return {
    [FORWARDED_CONTEXT_HEADER]: encoded,
    [FORWARDED_SIGNATURE_HEADER]: signInternalRequest(secret, signedText(request.method, request.url, encoded)),
  };
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
}): RequestHandler {
  if (options.secret.length < 32) throw new Error('The internal secret must be at least 32 characters');
  return (req, res, next) => {
    const encoded = req.get(FORWARDED_CONTEXT_HEADER) ?? '';
    if (!verifyInternalRequest(options.secret, req.get(FORWARDED_SIGNATURE_HEADER), signedText(req.method, req.originalUrl, encoded))) {
      throw problems.unauthorized('This service answers only requests the gateway forwards.');
    }
    const forwarded = contextSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    const ctx: RequestContext = {
      correlationId: forwarded.correlationId,
      auth: forwarded.auth as AuthContext | undefined,
      recordWrite: async (position) => {
        if (!position) return;
        if (!res.headersSent) return recordWriteHeader(res, position);
        if (forwarded.auth && options.recordLateWrite) {
          await options.recordLateWrite(forwarded.auth.sessionId, position).catch((error: unknown) => options.logger.warn({ err: error }, 'could not remember the write for read-your-writes'));
        }
      },
      logger: options.logger.child({ correlationId: forwarded.correlationId }),
    };
    res.locals.ctx = ctx;
    next();
  };
}

function recordWriteHeader(res: Response, position: GlobalPosition) {
  // The furthest of several writes in one request.
  const furthest = maxPosition(parsePosition(res.getHeader(WRITE_POSITION_HEADER) as string | undefined), position)!;
  res.setHeader(WRITE_POSITION_HEADER, formatPosition(furthest));
}
