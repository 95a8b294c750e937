import { ConfigError } from '@cc/platform';

/**
 * Every limit the edge puts on one user or one request, in one place (README "Limits").
 *
 * The per-user limits guard the routes whose cost is far above an ordinary request: a model call, a
 * PDF rendered, an upload address with a file behind it. Each bucket is a budget shared by its
 * routes: `burst` requests at once (the whole `perMinute` when it has no burst), then one every
 * 60/perMinute seconds (GCRA, kept in PostgreSQL so every gateway process shares it). The defaults
 * are far above what a person does by hand, so only a script or a runaway client meets them. Chat
 * has a burst: every message runs a model and writes to one session, so a hundred at once is cut
 * after the twentieth rather than run.
 */
export const EXPENSIVE_ROUTES = {
  analysis: {
    perMinute: 60,
    what: 'document analyses',
    routes: [['post', '/api/documents/:id/analyze']],
  },
  chat: {
    // Four routes share it, the wizard's field suggestions among them.
    perMinute: 120,
    burst: 20,
    what: 'chat messages',
    routes: [
      ['post', '/api/ai-chat/sessions/:id/messages/stream'],
      ['post', '/api/ai-chat/message'],
      ['post', '/api/copilot/chat'],
      ['post', '/api/pdforge/ai-assist'],
    ],
  },
  uploads: {
    perMinute: 120,
    what: 'uploads',
    // Every upload starts with an address, and an address takes one file: limiting the addresses limits the files.
    routes: [['post', '/api/objects/upload']],
  },
  pdf: {
    perMinute: 60,
    what: 'PDFs',
    routes: [
      ['post', '/api/pdforge/generate'],
      ['post', '/api/documents/:id/analysis-pdf'],
    ],
  },
} as const satisfies Record<
  string,
  { perMinute: number; burst?: number; what: string; routes: ReadonlyArray<readonly ['post' | 'put' | 'get', string]> }
>;

export type ExpensiveBucket = keyof typeof EXPENSIVE_ROUTES;
/** The buckets with a burst of their own. */
export type BurstBucket = { [B in ExpensiveBucket]: (typeof EXPENSIVE_ROUTES)[B] extends { burst: number } ? B : never }[ExpensiveBucket];
/** Requests a minute per bucket (`chat`), and requests at once for those with a burst (`chatBurst`). */
export type UserRateLimits = Record<ExpensiveBucket, number> & Record<`${BurstBucket}Burst`, number>;

/** The largest JSON body any /api route reads; a larger one is answered 413 as soon as it is seen. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const BUCKETS = Object.keys(EXPENSIVE_ROUTES) as ExpensiveBucket[];

/**
 * `RATE_LIMIT_<BUCKET>` (requests per user and minute, 0 = off) and `RATE_LIMIT_<BUCKET>_BURST`
 * (requests at once, 0 = the whole minute's budget) over the defaults, then `overrides` (tests).
 */
export function userRateLimitsFrom(env: NodeJS.ProcessEnv = process.env, overrides: Partial<UserRateLimits> = {}): UserRateLimits {
  const wholeNumber = (name: string, fallback: number, meaning: string) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new ConfigError(`Invalid configuration:\n  ${name}: must be a whole number of ${meaning}`);
    return value;
  };
  const limits: Record<string, number> = {};
  for (const bucket of BUCKETS) {
    const name = `RATE_LIMIT_${bucket.toUpperCase()}`;
    limits[bucket] =
      overrides[bucket] ?? wholeNumber(name, EXPENSIVE_ROUTES[bucket].perMinute, 'requests per minute (0 turns the limit off)');
    const spec = EXPENSIVE_ROUTES[bucket];
    if (!('burst' in spec)) continue;
    const key = `${bucket}Burst` as keyof UserRateLimits;
    limits[key] =
      overrides[key] ?? wholeNumber(`${name}_BURST`, spec.burst, "requests at once (0 allows the whole minute's budget at once)");
  }
  return limits as UserRateLimits;
}
