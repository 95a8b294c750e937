import fc from 'fast-check';
import { apiRoutesOf, type Caller } from '@cc/gateway/testing/authorizationMatrix';
import { ROUTES, startRouteTableApp, type RouteContext } from '@cc/gateway/testing/routeTable';
import type { StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

/** Runs per route: 100+ routes × this stays well under two minutes on the shared machine. */
const RUNS = 12;
/** A failure names its seed; `FUZZ_SEED=<seed>` replays the run. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Rows that end the caller's session: fuzzing them would sign the fuzzing client out. */
const SKIPPED = new Set(['GET /api/logout']);
const POLLUTING = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isAdmin',
  'memberTier',
  'userId',
  'role',
];

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u202e',
    '\ud800',
    '\udfff',
    '😀',
    'null',
    'NaN',
    '-1',
    '1e309',
    '../../etc/passwd',
    "'; drop table events; --",
    '<script>x</script>',
    '%00',
  ),
);
/** A huge string, under and over the 1 MB body limit. */
const huge = fc.constantFrom(100_000, 900_000, 1_100_000).map((n) => 'x'.repeat(n));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.record({ polluted: fc.constant('yes'), tierName: fc.constant('administrators') }) },
);

/** JSON text written by hand, so `__proto__` is an own key as a client would send it. */
const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'string' && v.startsWith('RAW:') ? v.slice(4) : JSON.stringify(v)}`).join(',')}}`;
const deep = fc
  .integer({ min: 50, max: 100_000 })
  .chain((depth) => fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** A body built from the row's own example: fields changed, removed, added; or something else entirely. */
function bodyFor(example: unknown): fc.Arbitrary<string> {
  const fields = example && typeof example === 'object' && !Array.isArray(example) ? Object.entries(example) : [];
  const mutated = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...(fields.length ? fields.map(([k]) => k) : ['x'])), fc.oneof(value, huge)), { maxLength: 3 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTING), text), value), { maxLength: 3 }),
      fc.subarray(fields.map(([k]) => k)),
    )
    .map(([changed, added, removed]) => {
      const entries = new Map(fields.filter(([k]) => !removed.includes(k)));
      for (const [k, v] of changed) entries.set(k, v);
      for (const [k, v] of added) entries.set(k, v);
      return objectText([...entries]);
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: deep.map((nested) => objectText([...fields, ['extra', `RAW:${nested}`]])) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"polluted":"yes"}}',
        '{"constructor":{"prototype":{"polluted":"yes"}}}',
        '',
        '{',
        'null',
        '[]',
        '"a"',
        '1',
        '{"a":1,"a":2}',
      ),
    },
  );
}

/**
 * What a property that threw (not a recorded failure) threw: fast-check's message is mostly the
 * counterexample, which may be a megabyte of query, and the thrown error is its `cause`.
 */
function thrownBy(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const thrown = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause ?? error);
  return `${String(error).split('\n')[0]}: ${thrown}`.slice(0, 500);
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses, throwing inside the
 * generator) is sent as the three bytes a careless encoder would write: malformed UTF-8 in the URL.
 */
function percentEncoded(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pairs = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pairs) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff)
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    else encoded += encodeURIComponent(text[i]!);
  }
  return encoded;
}

const queryValue = fc.oneof(
  text,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('x'.repeat(8000), '["id","ASC"]', '[0,9]', '{"q":"a"}', '[', '-1', '1e309'),
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'filter',
          'sort',
          'range',
          'page',
          'perPage',
          'q',
          'at',
          'reveal',
          'download',
          'search',
          '__proto__',
          'filter[a]',
          'sort[]',
        ),
        text,
      ),
      queryValue,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${percentEncoded(k)}=${percentEncoded(v)}`).join('&'));

/** The caller whose request gets furthest: one the table lets in, the owner first. */
function fuzzCaller(expect: Record<Caller, number>): Caller {
  const order: Caller[] = ['veteran', 'administrator', 'support', 'adjudicator', 'anotherVeteran', 'anonymous'];
  return order.find((caller) => expect[caller] < 300) ?? 'veteran';
}

/**
 * Property-based bad input on every JSON endpoint's body and query (wrong types, huge
 * strings, deep nesting, unicode, prototype-pollution keys): never a 5xx, never an event on a 4xx,
 * the server keeps answering.
 */
describe('bad input on every /api route (fast-check)', () => {
  let staff: StaffApp;
  let clients: Record<Caller, TestClient>;
  let context: RouteContext;

  beforeAll(async () => {
    ({ staff, clients, context } = await startRouteTableApp({}, 'fuzz'));
  }, 60_000);
  afterAll(async () => staff.app.close());

  const eventsOf = async (correlationId: string) =>
    Number((await staff.app.system.knex('events').whereRaw("metadata->>'correlationId' = ?", [correlationId]).count('* as n'))[0]!.n);

  it('fuzzes every route the app serves', () => {
    const fuzzed = ROUTES.filter((row) => !SKIPPED.has(row.route)).map((row) => row.route);
    expect(apiRoutesOf(staff.app.system.app).filter((route) => !fuzzed.includes(route) && !SKIPPED.has(route))).toEqual([]);
  });

  it('never answers 5xx, never appends on a 4xx, pollutes no prototype, and keeps answering', async () => {
    const failures: unknown[] = [];
    const statuses: Record<number, number> = {};
    let n = 0;
    for (const row of ROUTES.filter((r) => !SKIPPED.has(r.route))) {
      const caller = fuzzCaller(row.expect);
      const example = typeof row.json === 'function' ? row.json(context, caller) : row.json;
      const sendsBody = row.method !== 'GET' && row.method !== 'DELETE' ? true : example !== undefined;
      const path = row.path(context, caller).split('?')[0]!;
      // An upload address takes a file, not JSON: only its query is fuzzed.
      const takesJson = sendsBody && !row.route.startsWith('PUT /api/objects/upload/');
      const recorded = failures.length;
      await fc
        .assert(
          fc.asyncProperty(takesJson ? bodyFor(example) : fc.constant(undefined), query, async (body, search) => {
            const correlationId = `fuzz-${process.pid}-${(n += 1)}`;
            const url = search ? `${path}?${search}` : path;
            const headers = { 'x-correlation-id': correlationId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
            // An endless stream's body is never read: its status says whether the input was refused.
            const res = row.endless
              ? { status: await clients[caller].clone().statusOf(url, headers), data: undefined, text: '' }
              : await clients[caller].clone().request(row.method, url, { headers, ...(body === undefined ? {} : { body }) });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const appended = res.status >= 400 ? await eventsOf(correlationId) : 0;
            const polluted = ({} as Record<string, unknown>).polluted !== undefined;
            if (res.status >= 500 || appended > 0 || polluted) {
              failures.push({
                seed: SEED,
                route: row.route,
                caller,
                status: res.status,
                appended,
                polluted,
                url: url.slice(0, 200),
                body: body?.slice(0, 300),
                detail: String(res.data?.detail ?? res.text).slice(0, 200),
              });
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A failing request is recorded above; anything else (the generator, the client) is one too.
          if (failures.length === recorded) failures.push({ seed: SEED, route: row.route, caller, error: thrownBy(error) });
        });
    }
    expect(failures).toEqual([]);
    expect((await clients.veteran.get('/api/health')).status).toBe(200);
    expect((await clients.veteran.get('/api/claims')).status).toBe(200);
    // Every kind of answer was seen: the inputs reach the routes' own checks, not only the edge's.
    expect(Object.keys(statuses).map(Number)).toEqual(expect.arrayContaining([200, 400]));
    // A body over the limit is refused as such (the random runs may or may not draw one).
    const tooBig = await clients.veteran.request('POST', '/api/claims', {
      body: JSON.stringify({ condition: 'x'.repeat(1_100_000), conditionType: 'primary' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooBig.status).toBe(413);
  }, 300_000);
});
