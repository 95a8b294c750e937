import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { permissionsOfTier, type MemberTierName, type Permission, type Role } from '@cc/contracts';
import type { Knex } from '../db/knex';
import type { GlobalPosition } from '../eventstore/types';
import type { Logger } from '../logger';
import { problems } from './problem';

/** Who is asking, as the gateway established it from the session. Never taken from the request body. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  tier: MemberTierName;
  roles: Role[];
}

/** Per-request context the gateway puts on `res.locals.ctx`. */
export interface RequestContext {
  correlationId: string;
  auth: AuthContext | undefined;
  /**
   * Remembers the position a command reached, so this session's next GET waits for it
   * (read-your-writes). Never rejects: it runs after the work is done, so a failure is only logged.
   */
  recordWrite(position: GlobalPosition | undefined): Promise<void>;
  /**
   * The same record as a statement of the app's database, for a read-back that sends it within its
   * own statement (a data-modifying WITH), one round trip instead of two; the session counts it as
   * recorded. Absent where the session is not written in this database (a forwarded context).
   */
  recordWriteStatement?(position: GlobalPosition): Knex.Raw;
  /** This request's logger (carries the correlation id). */
  logger: Logger;
}

export function contextOf(res: Response): RequestContext {
  const ctx = res.locals.ctx as RequestContext | undefined;
  if (!ctx) throw new Error('request context missing: is the gateway middleware installed?');
  return ctx;
}

/** The signed-in user, or a 401 problem. */
export function requireAuth(res: Response): AuthContext {
  const auth = contextOf(res).auth;
  if (!auth) throw problems.unauthorized();
  return auth;
}

export function requirePermission(res: Response, permission: Permission): AuthContext {
  const auth = requireAuth(res);
  if (!permissionsOfTier(auth.tier).includes(permission)) throw problems.forbidden();
  return auth;
}

export function commandMetadata(res: Response, causationId: string | null = null) {
  const ctx = contextOf(res);
  return { userId: ctx.auth?.userId ?? null, correlationId: ctx.correlationId, causationId };
}

/** Express 5 forwards rejected promises itself; this only gives handlers a typed shape. */
export type Handler = (req: Request, res: Response, next: NextFunction) => Promise<void> | void;
export const route = (handler: Handler): RequestHandler => handler;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name anything: it is answered like an unknown one. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
