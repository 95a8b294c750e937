import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { formatPosition, maxPosition, parsePosition, type GlobalPosition } from '@cc/platform';

export const SESSION_COOKIE = 'cc_session';
const SESSION_DAYS = 14;

export interface Session {
  id: string;
  idHash: string;
  userId: string;
  lastPosition: GlobalPosition | undefined;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions live in PostgreSQL; the cookie carries a random token and the table only its hash. */
export class SessionStore {
  constructor(
    private readonly knex: Knex,
    private readonly secureCookies: (req: Request) => boolean,
  ) {}

  async create(req: Request, res: Response, userId: string, position?: GlobalPosition): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    const idHash = hashOf(token);
    await this.knex('sessions').insert({
      id_hash: idHash,
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      last_position: position ? formatPosition(position) : null,
    });
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies(req),
      path: '/',
      maxAge: SESSION_DAYS * 86_400_000,
    });
    return { id: token, idHash, userId, lastPosition: position };
  }

  async load(req: Request): Promise<Session | undefined> {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token || token.length > 100) return undefined;
    const idHash = hashOf(token);
    const row = await this.knex('sessions').where({ id_hash: idHash }).andWhere('expires_at', '>', this.knex.fn.now()).first();
    if (!row) return undefined;
    return { id: token, idHash, userId: row.user_id, lastPosition: parsePosition(row.last_position) };
  }

  /**
   * The session and its user's row of `user_profiles` in one round trip (the row undefined when the
   * profile is not there), for a request that reads both. The session is checked exactly as `load`
   * checks it: a row that is gone or expired is no session.
   */
  async loadWithProfile<Profile>(req: Request): Promise<{ session: Session; profile: Profile | undefined } | undefined> {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token || token.length > 100) return undefined;
    const idHash = hashOf(token);
    const { rows } = (await this.knex.raw(
      `select s.user_id as session_user_id, s.last_position as session_last_position, p.*
       from sessions s left join user_profiles p on p.user_id = s.user_id
       where s.id_hash = ? and s.expires_at > now()`,
      [idHash],
    )) as { rows: ({ session_user_id: string; session_last_position: string | null; user_id: string | null } & Profile)[] };
    const row = rows[0];
    if (!row) return undefined;
    const { session_user_id: userId, session_last_position: lastPosition, ...profile } = row;
    return {
      session: { id: token, idHash, userId, lastPosition: parsePosition(lastPosition) },
      profile: row.user_id === null ? undefined : (profile as unknown as Profile),
    };
  }

  async recordWrite(session: Session, position: GlobalPosition): Promise<void> {
    await this.recordWriteStatement(session, position);
  }

  /** `recordWrite`'s statement, for a caller that sends it within a statement of its own; the session counts it as recorded. */
  recordWriteStatement(session: Session, position: GlobalPosition): Knex.Raw {
    const next = maxPosition(session.lastPosition, position)!;
    session.lastPosition = next;
    return this.knex.raw('update sessions set last_position = ? where id_hash = ?', [formatPosition(next), session.idHash]);
  }

  /**
   * The same for a session known only by its id: a service of the split topology whose answer was
   * already streaming when its command's position became known (docs/decisions/topology.md).
   */
  async recordWriteOf(idHash: string, position: GlobalPosition): Promise<void> {
    const row = await this.knex('sessions').where({ id_hash: idHash }).first('last_position');
    if (!row) return;
    const next = maxPosition(parsePosition(row.last_position as string | null), position)!;
    await this.knex('sessions')
      .where({ id_hash: idHash })
      .update({ last_position: formatPosition(next) });
  }

  async destroy(req: Request, res: Response): Promise<void> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token)
      await this.knex('sessions')
        .where({ id_hash: hashOf(token) })
        .del();
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secureCookies(req) });
  }

  /** Ends every session of a user, but the one `keep` (the hash of the session asking), if given. */
  async destroyAllOf(userId: string, keep?: string): Promise<number> {
    return this.knex('sessions')
      .where({ user_id: userId })
      .modify((q) => {
        if (keep) q.whereNot({ id_hash: keep });
      })
      .del();
  }

  async purgeExpired(): Promise<void> {
    await this.knex('sessions').where('expires_at', '<', this.knex.fn.now()).del();
  }
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
