import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { rolesOfTier, type User } from '@cc/contracts';
import type { GlobalPosition, Logger, RequestContext } from '@cc/platform';
import type { SessionStore } from '../auth/sessions';
import { asyncReadsOf } from './readsBeforeAnswer';

export interface RequestContextDeps {
  sessions: SessionStore;
  findUser(userId: string): Promise<User | undefined>;
  /** Waits (bounded) until the asynchronous read models (only `readModels`, when named) have applied `position`. */
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  logger: Logger;
}

const CORRELATION = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Establishes who is asking (from the session), the correlation id, and read-your-writes: a session
 * that wrote something waits until the read models have caught up before its request goes on.
 */
export function requestContext(deps: RequestContextDeps): RequestHandler {
  return async (req, res, next) => {
    const incoming = req.headers['x-correlation-id'];
    const correlationId = typeof incoming === 'string' && CORRELATION.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Correlation-Id', correlationId);
    const started = process.hrtime.bigint();

    const session = await deps.sessions.load(req);
    if (session?.lastPosition) await deps.waitForReadModels(session.lastPosition, asyncReadsOf(req));
    const user = session ? await deps.findUser(session.userId) : undefined;
    const logger = deps.logger.child({ correlationId });
    const ctx: RequestContext = {
      correlationId,
      auth:
        session && user
          ? { userId: user.id, sessionId: session.idHash, tier: user.memberTier, roles: rolesOfTier(user.memberTier) }
          : undefined,
      recordWrite: async (position) => {
        if (!position || !session) return;
        // The command is already recorded: losing read-your-writes for one request is not a failure of it.
        await deps.sessions
          .recordWrite(session, position)
          .catch((error: unknown) => logger.warn({ err: error }, 'could not remember the write for read-your-writes'));
      },
      logger,
    };
    res.locals.ctx = ctx;
    res.locals.session = session;
    res.locals.user = user;

    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.info(
        {
          method: req.method,
          url: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(ms),
          correlationId,
          userId: ctx.auth?.userId,
        },
        'request',
      );
    });
    next();
  };
}
