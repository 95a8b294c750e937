import { CALLERS, only, runMatrix, type Caller, type MatrixRow } from '../testing/authorizationMatrix';
import { startStaffApp, type StaffApp } from '../testing/staff';
import type { TestClient } from '../testing/testApp';

interface Context {
  claimId: string;
  veteranId: string;
  eventId: string;
  rebuildId: string;
  deadLetterId: string;
}

const AUDIT = ['adjudicator', 'administrator'] as const;
const SUPPORT = ['support', 'administrator'] as const;
const ADMIN = ['administrator'] as const;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Every endpoint of the staff console (issue 11), and the user-list endpoints the console uses. */
const ROWS: MatrixRow<Context>[] = [
  { method: 'GET', route: 'GET /api/staff/claims', path: () => '/api/staff/claims', expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id', path: (c) => `/api/staff/claims/${c.claimId}`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id/history', path: (c) => `/api/staff/claims/${c.claimId}/history`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id/history?at', path: (c) => `/api/staff/claims/${c.claimId}/history?at=1`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id/history.csv', path: (c) => `/api/staff/claims/${c.claimId}/history.csv`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/documents', path: (c) => `/api/staff/documents?filter=${q({ claimId: c.claimId })}`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/access-log', path: () => '/api/staff/access-log', expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/users/with-tier', path: () => '/api/users/with-tier', expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/users/:id', path: (c) => `/api/staff/users/${c.veteranId}`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/tier-history', path: (c) => `/api/staff/tier-history?filter=${q({ userId: c.veteranId })}`, expect: only(ADMIN) },
  { method: 'PUT', route: 'PUT /api/users/:userId/tier', path: (c) => `/api/users/${c.veteranId}/tier`, json: { tierName: 'basic' }, expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/staff/projections', path: () => '/api/staff/projections', expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/projections/:name', path: () => '/api/staff/projections/claims', expect: only(SUPPORT) },
  { method: 'POST', route: 'POST /api/staff/projections/:name/rebuild', path: () => '/api/staff/projections/user_tier_history/rebuild', json: {}, expect: only(SUPPORT, 202) },
  { method: 'GET', route: 'GET /api/staff/rebuilds/:rebuildId', path: (c) => `/api/staff/rebuilds/${c.rebuildId}`, expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/dead-letters', path: () => '/api/staff/dead-letters', expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/dead-letters/:id', path: (c) => `/api/staff/dead-letters/${c.deadLetterId}`, expect: only(SUPPORT) },
  // A subscriber this process does not run: an allowed caller is told so (409), and the letter stays for the next caller.
  { method: 'POST', route: 'POST /api/staff/dead-letters/:id/retry', path: (c) => `/api/staff/dead-letters/${c.deadLetterId}/retry`, json: {}, expect: only(SUPPORT, 409) },
  // An id that names nothing: allowed callers get 404, so the refusal is the permission's, not the lookup's.
  { method: 'DELETE', route: 'DELETE /api/staff/dead-letters/:id', path: () => '/api/staff/dead-letters/999999999', expect: only(SUPPORT, 404) },
  { method: 'GET', route: 'GET /api/staff/events', path: () => '/api/staff/events', expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/events/:id', path: (c) => `/api/staff/events/${c.eventId}`, expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/events/:id?reveal', path: (c) => `/api/staff/events/${c.eventId}?reveal=true`, expect: only(ADMIN) },
];

describe('authorization matrix of the staff console (issue 11)', () => {
  let staff: StaffApp;
  let clients: Record<Caller, TestClient>;
  let context: Context;

  beforeAll(async () => {
    staff = await startStaffApp({}, 'matrix');
    const veteran = await staff.member('matrix.veteran@example.org');
    const filed = await veteran.post('/api/claims', { condition: 'Migraine', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    clients = { anonymous: staff.app.client(), veteran, adjudicator: staff.adjudicator, support: staff.support, administrator: staff.admin };
    const knex = staff.app.system.knex;
    const event = await knex('events').where({ stream_id: `user-${veteran.id}`, stream_version: 1 }).first('event_id');
    const rebuild = await staff.support.post('/api/staff/projections/user_tier_history/rebuild', {});
    const [{ id: deadLetterId }] = await knex('subscription_dead_letters')
      .insert({ subscription: 'worker:elsewhere', event_id: event.event_id, stream_id: `user-${veteran.id}`, type: 'UserRegistered', tx_id: knex.raw("'1'::xid8"), seq: 1, attempts: 5, error: 'boom' })
      .returning(knex.raw('id::text as id'));
    context = { claimId: filed.data.id, veteranId: veteran.id, eventId: event.event_id, rebuildId: rebuild.data.rebuildId, deadLetterId };
  });
  afterAll(async () => staff.app.close());

  it('covers every staff route the app serves', () => {
    const served = new Set<string>();
    const stack = (staff.app.system.app as unknown as { router: { stack: { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }[] } }).router.stack;
    const walk = (layers: typeof stack) => {
      for (const layer of layers) {
        if (layer.route) for (const method of Object.keys(layer.route.methods)) served.add(`${method.toUpperCase()} ${layer.route.path}`);
        else if (layer.handle?.stack) walk(layer.handle.stack as typeof stack);
      }
    };
    walk(stack);
    const staffRoutes = [...served].filter((route) => route.includes('/api/staff/'));
    expect(staffRoutes.length).toBeGreaterThan(15);
    expect(staffRoutes.filter((route) => !ROWS.some((row) => row.route === route))).toEqual([]);
  });

  it('answers every endpoint × caller as the table says, appending nothing on a refusal', async () => {
    const knex = staff.app.system.knex;
    const eventsOf = async (correlationId: string) => Number((await knex('events').whereRaw("metadata->>'correlationId' = ?", [correlationId]).count('* as n'))[0]!.n);
    const outcomes = await runMatrix(ROWS, clients, context, eventsOf);
    // The allowed staff reads are recorded under their request's correlation id: the count sees appends.
    const allowedRead = outcomes.find((o) => o.route === 'GET /api/staff/claims/:id' && o.caller === 'adjudicator')!;
    expect(allowedRead.status).toBe(200);
    expect(await eventsOf(allowedRead.correlationId)).toBe(1);
    expect(outcomes).toHaveLength(ROWS.length * CALLERS.length);
    const wrong = outcomes.filter((o) => o.status !== o.expected || o.appended !== 0).map(({ correlationId: _id, ...o }) => o);
    expect(wrong).toEqual([]);
  }, 60_000);
});
