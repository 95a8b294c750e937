import { apiRoutesOf, CALLERS, runMatrix, type Caller } from '@cc/gateway/testing/authorizationMatrix';
import { ROUTES, startRouteTableApp, type RouteContext } from '@cc/gateway/testing/routeTable';
import type { StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

describe('authorization matrix: every /api route × every kind of caller', () => {
  let staff: StaffApp;
  let clients: Record<Caller, TestClient>;
  let context: RouteContext;

  beforeAll(async () => {
    ({ staff, clients, context } = await startRouteTableApp());
  }, 60_000);
  afterAll(async () => staff.app.close());

  it('has a row for every /api route the app serves (a new route must be added to the table)', () => {
    const served = apiRoutesOf(staff.app.system.app);
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !ROUTES.some((row) => row.route === route))).toEqual([]);
  });

  it('answers every route × caller as the table says, appending nothing on a refusal', async () => {
    const knex = staff.app.system.knex;
    const eventsOf = async (correlationId: string) =>
      Number((await knex('events').whereRaw("metadata->>'correlationId' = ?", [correlationId]).count('* as n'))[0]!.n);
    const outcomes = await runMatrix(ROUTES, clients, context, eventsOf);
    expect(outcomes).toHaveLength(ROUTES.length * CALLERS.length);
    const wrong = outcomes.filter((o) => o.status !== o.expected || o.appended !== 0).map(({ correlationId: _id, ...o }) => o);
    expect(wrong).toEqual([]);
    // The count sees appends: an allowed command is found under its request's correlation id.
    const allowed = outcomes.find((o) => o.route === 'POST /api/claims/:id/notes' && o.caller === 'veteran')!;
    expect(await eventsOf(allowed.correlationId)).toBeGreaterThan(0);
  }, 120_000);
});
