import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { problems } from '@cc/platform';
import { clientAddress } from './clientAddress';

export interface ClientRateLimitOptions {
  knex: Knex;
  /** Routes that share a budget share a bucket name (e.g. every sign-in and sign-up route: `auth`). */
  bucket: string;
  /** Requests per client address and minute; 0 turns the limit off. */
  perMinute: number;
  /** Most requests at once (then one every 60/perMinute s); by default, and at most, the whole minute's budget. */
  burst?: number;
  /** What the client is told, given the seconds to wait. */
  message?: (seconds: number) => string;
  /** The key within the bucket; the client address (honouring TRUST_PROXY) by default. */
  keyOf?: (req: Request) => string;
}

const WINDOW_SECONDS = 60;

const defaultMessage = (seconds: number) =>
  `Too many attempts from your network. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * A per-client request limit kept in PostgreSQL, so it holds across every process of the app. The
 * rule is GCRA (a leaky bucket in one timestamp per key): a client may send `burst` requests at once
 * (the whole `perMinute` unless a smaller burst is given), then one every 60/perMinute s, and
 * Retry-After is exact. A refused request does not use up budget. Expired rows are removed by
 * `purgeRateLimits`.
 *
 * A refusal is remembered in this process until its Retry-After passes, so a client that keeps
 * hammering costs no query. That is never stricter than the database: a refused request changes
 * nothing there, and other processes can only move the key's time later, never earlier.
 */
export function clientRateLimit(options: ClientRateLimitOptions): RequestHandler {
  const { knex, bucket, perMinute } = options;
  if (perMinute <= 0) return (_req, _res, next) => next();
  const interval = WINDOW_SECONDS / perMinute;
  // How far ahead of now the next arrival time may run: room for `burst` requests at once.
  const tolerance = Math.min(perMinute, options.burst && options.burst > 0 ? options.burst : perMinute) * interval;
  const message = options.message ?? defaultMessage;
  const keyOf = options.keyOf ?? clientAddress;
  const refusedUntil = new Map<string, number>();
  const refuse = (seconds: number) => {
    const whole = Math.max(1, Math.ceil(seconds));
    return problems.tooManyRequests(message(whole), whole);
  };

  return async (req, _res, next) => {
    const key = `${bucket}:${keyOf(req)}`;
    const until = refusedUntil.get(key);
    if (until !== undefined) {
      if (until > Date.now()) throw refuse((until - Date.now()) / 1000);
      refusedUntil.delete(key);
    }
    // tat: the "theoretical arrival time" of the next request; allowed while it stays within the tolerance.
    const allowed = await knex.raw(
      `insert into rate_limits as r (key, tat) values (?, now() + make_interval(secs => ?))
       on conflict (key) do update set tat = greatest(r.tat, now()) + make_interval(secs => ?)
         where greatest(r.tat, now()) + make_interval(secs => ?) <= now() + make_interval(secs => ?)
       returning 1`,
      [key, interval, interval, interval, tolerance],
    );
    if (allowed.rows.length > 0) return next();
    const row = await knex.raw(
      `select extract(epoch from (tat + make_interval(secs => ?) - make_interval(secs => ?) - now()))::float as wait
       from rate_limits where key = ?`,
      [interval, tolerance, key],
    );
    const seconds: number = row.rows[0]?.wait ?? interval;
    remember(refusedUntil, key, Date.now() + seconds * 1000);
    throw refuse(seconds);
  };
}

const REMEMBERED_REFUSALS = 10_000;

/** Keeps the memory bounded under a flood from many addresses: past refusals go first, then the oldest. */
function remember(refusedUntil: Map<string, number>, key: string, until: number): void {
  if (refusedUntil.size >= REMEMBERED_REFUSALS) {
    const now = Date.now();
    for (const [k, t] of refusedUntil) if (t <= now) refusedUntil.delete(k);
    if (refusedUntil.size >= REMEMBERED_REFUSALS) refusedUntil.delete(refusedUntil.keys().next().value!);
  }
  refusedUntil.set(key, until);
}

/** Rows whose time has passed say nothing a missing row would not say. */
export async function purgeRateLimits(knex: Knex): Promise<number> {
  return knex('rate_limits').where('tat', '<', knex.fn.now()).del();
}
