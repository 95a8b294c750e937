import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { rolesOfTier, type User } from '@cc/contracts';
import type { ProfileRow } from '@cc/projection-service/userProfiles/queries';
import type { GlobalPosition, Logger, RequestContext } from '@cc/platform';
import type { Session, SessionStore } from '../auth/sessions';
import { asyncReadsOf } from './readsBeforeAnswer';

export interface RequestContextDeps {
  sessions: SessionStore;
  findUser(userId: string): Promise<User | undefined>;
  /** Waits (bounded) until the asynchronous read models (only `readModels`, when named) have applied `position`. */
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  logger: Logger;
  /**
   * The user from the row of `user_profiles` the session's lookup joins (one round trip for both).
   * Only where that read model is kept inline: then it is as fresh before the wait for the
   * asynchronous read models as after it. Without it, the user is read after the wait.
   */
  userOfProfile?: (row: ProfileRow) => User;
}

const CORRELATION = /^[A-Za-z0-9._:-]{1,100}$/;

/** The session and its user, once the read models the request reads have caught up with the session's writes. */
async function signedIn(deps: RequestContextDeps, req: Request): Promise<{ session: Session | undefined; user: User | undefined }> {
  const { userOfProfile } = deps;
  if (userOfProfile) {
    const found = await deps.sessions.loadWithProfile<ProfileRow>(req);
    if (!found) return { session: undefined, user: undefined };
    if (found.session.lastPosition) await deps.waitForReadModels(found.session.lastPosition, asyncReadsOf(req));
    return { session: found.session, user: found.profile === undefined ? undefined : userOfProfile(found.profile) };
  }
  const session = await deps.sessions.load(req);
  if (session?.lastPosition) await deps.waitForReadModels(session.lastPosition, asyncReadsOf(req));
  return { session, user: session ? await deps.findUser(session.userId) : undefined };
}

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

    const { session, user } = await signedIn(deps, req);
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
      recordWriteStatement: session ? (position) => deps.sessions.recordWriteStatement(session, position) : undefined,
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
