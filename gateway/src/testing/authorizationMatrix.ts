import type { TestClient } from './testApp';

/**
 * The authorization matrix: every endpoint × every kind of caller, with the status each must get,
 * and nothing appended to the event store on a refusal (401/403). Table-driven so that more routes
 * (issue 17: every /api route) are rows, not new tests.
 */
export const CALLERS = ['anonymous', 'veteran', 'adjudicator', 'support', 'administrator'] as const;
export type Caller = (typeof CALLERS)[number];

export interface MatrixRow<Context> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as Express names it, e.g. `GET /api/staff/claims/:id`. */
  route: string;
  path(context: Context): string;
  json?: unknown;
  expect: Record<Caller, number>;
}

/** Status `ok` for the callers named, 403 for the other signed-in callers, 401 without a session. */
export function only(callers: readonly Exclude<Caller, 'anonymous'>[], ok = 200): Record<Caller, number> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, caller === 'anonymous' ? 401 : (callers as readonly string[]).includes(caller) ? ok : 403])) as Record<Caller, number>;
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
    for (const caller of CALLERS) {
      const correlationId = `matrix-${process.pid}-${(n += 1)}`;
      const res = await clients[caller].request(row.method, row.path(context), {
        headers: { 'x-correlation-id': correlationId },
        ...(row.json === undefined ? {} : { json: row.json }),
      });
      const refused = res.status === 401 || res.status === 403;
      outcomes.push({ route: row.route, caller, status: res.status, expected: row.expect[caller], appended: refused ? await eventsOf(correlationId) : 0, correlationId });
    }
  }
  return outcomes;
}
