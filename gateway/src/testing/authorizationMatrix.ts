import type { TestClient } from './testApp';

/**
 * The authorization matrix: every endpoint × every kind of caller, with the status each must get,
 * and nothing appended to the event store on a refusal (401/403/404). Table-driven so that a new
 * route is a row, not a new test.
 */
export const CALLERS = ['anonymous', 'veteran', 'anotherVeteran', 'adjudicator', 'support', 'administrator'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedIn = Exclude<Caller, 'anonymous'>;

/**
 * The order requests are sent in: the owner of the context's records (`veteran`) goes last, so a
 * row that changes or removes a record is refused for everyone else while the record still exists.
 */
const RUN_ORDER: readonly Caller[] = ['anonymous', 'anotherVeteran', 'adjudicator', 'support', 'administrator', 'veteran'];

export interface MatrixRow<Context> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as Express names it, e.g. `GET /api/staff/claims/:id`; a suffix (`?reveal`) marks a variant. */
  route: string;
  path(context: Context, caller: Caller): string;
  json?: Record<string, unknown> | unknown[] | ((context: Context, caller: Caller) => unknown);
  headers?: Record<string, string>;
  /** Sent from a copy of the caller's client, so a session the answer sets (a sign-up) is not kept. */
  detached?: boolean;
  /** A GET answered with a stream that does not end (the change stream): only its status is read. */
  endless?: boolean;
  expect: Record<Caller, number>;
}

/** Status `ok` for the callers named, 403 for the other signed-in callers, 401 without a session. */
export function only(callers: readonly SignedIn[], ok = 200, refused = 403): Record<Caller, number> {
  return Object.fromEntries(
    CALLERS.map((caller) => [caller, caller === 'anonymous' ? 401 : (callers as readonly string[]).includes(caller) ? ok : refused]),
  ) as Record<Caller, number>;
}

/** Any signed-in caller gets `ok` (each acting on its own account); 401 without a session. */
export function members(ok = 200): Record<Caller, number> {
  return only(['veteran', 'anotherVeteran', 'adjudicator', 'support', 'administrator'], ok);
}

/** A record of the veteran's: `ok` for the owner, `hidden` (it does not exist for them) for everyone else signed in. */
export function owner(ok = 200, hidden = 404): Record<Caller, number> {
  return only(['veteran'], ok, hidden);
}

/** Everyone, signed in or not. */
export function anyone(ok = 200): Record<Caller, number> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, ok])) as Record<Caller, number>;
}

export interface MatrixOutcome {
  route: string;
  caller: Caller;
  status: number;
  expected: number;
  /** Events appended by a refused request (must be 0). */
  appended: number;
  correlationId: string;
}

/** 401, 403 and 404: the caller may not, or the record does not exist for them. */
export const isRefusal = (status: number) => status === 401 || status === 403 || status === 404;

/**
 * Runs every row for every caller; returns what each got. Each request carries its own correlation
 * id, and `eventsOf(correlationId)` counts the events it caused (so work going on in the background,
 * such as a rebuild finishing, is not mistaken for the request's).
 */
export async function runMatrix<Context>(
  rows: readonly MatrixRow<Context>[],
  clients: Record<Caller, TestClient>,
  context: Context,
  eventsOf: (correlationId: string) => Promise<number>,
): Promise<MatrixOutcome[]> {
  const outcomes: MatrixOutcome[] = [];
  let n = 0;
  for (const row of rows) {
    for (const caller of RUN_ORDER) {
      const correlationId = `matrix-${process.pid}-${(n += 1)}`;
      const json = typeof row.json === 'function' ? (row.json as (context: Context, caller: Caller) => unknown)(context, caller) : row.json;
      const client = row.detached ? clients[caller].clone() : clients[caller];
      const headers = { 'x-correlation-id': correlationId, ...row.headers };
      const res = row.endless
        ? { status: await client.statusOf(row.path(context, caller), headers) }
        : await client.request(row.method, row.path(context, caller), { headers, ...(json === undefined ? {} : { json }) });
      outcomes.push({
        route: row.route,
        caller,
        status: res.status,
        expected: row.expect[caller],
        appended: isRefusal(res.status) ? await eventsOf(correlationId) : 0,
        correlationId,
      });
    }
  }
  return outcomes;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD /path` the app serves under /api, read from Express's own route table. */
export function apiRoutesOf(app: unknown): string[] {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return [...new Set(walk((app as { router: { stack: Layer[] } }).router.stack))].filter((route) =>
    route.split(' ')[1]!.startsWith('/api'),
  );
}
