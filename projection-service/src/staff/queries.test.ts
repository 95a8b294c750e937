import { randomUUID } from 'node:crypto';
import { migrate } from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { projectionMigrations } from '../index';
import { listStaffClaims } from './queries';

const NOW = new Date('2026-06-01T12:00:00Z');
let db: TestDatabase;

/** People whose e-mails share every word, as addresses at one domain often do; one claim each. */
const PEOPLE = [
  { email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee', condition: 'Tinnitus' },
  { email: 'ann+2@example.org', firstName: 'Ann', lastName: 'Lee', condition: 'PTSD' },
  { email: 'joann@example.org', firstName: 'Jo', lastName: 'Ann', condition: 'Migraines' },
  { email: 'ann.example@org.example', firstName: 'Pat', lastName: 'Kim', condition: 'Sleep apnea' },
];

beforeAll(async () => {
  db = await createTestDatabase('staffsearch');
  await migrate(db.knex, 'projection', projectionMigrations);
  for (const [i, person] of PEOPLE.entries()) {
    const userId = randomUUID();
    await db.knex('user_profiles').insert({
      user_id: userId,
      email: person.email,
      first_name: person.firstName,
      last_name: person.lastName,
      member_tier: 'free',
      created_at: NOW,
      updated_at: NOW,
    });
    await db.knex('claims').insert({
      claim_id: randomUUID(),
      user_id: userId,
      claim_number: `2026-00${i}`,
      condition: person.condition,
      condition_type: 'primary',
      status: 'submitted',
      priority: 'normal',
      progress: 10,
      filed_at: new Date(NOW.getTime() - i * 60_000),
      updated_at: NOW,
    });
  }
});

afterAll(async () => {
  await db?.drop();
});

const search = async (q: string) =>
  (await listStaffClaims(db.knex, { sort: { field: 'filedAt', order: 'DESC' }, range: [0, 24], filter: { q } }, NOW)).rows
    .map((c) => c.ownerEmail)
    .sort();

describe('the staff claims search box, by an owner e-mail', () => {
  test.each([
    ['a whole address finds it and every address holding it', 'ann@example.org', ['ann@example.org', 'joann@example.org']],
    ['in any case', 'ANN@Example.ORG', ['ann@example.org', 'joann@example.org']],
    ['the marks between the words count', 'ann+2@', ['ann+2@example.org']],
    ['the same words with other marks are another address', 'ann.example', ['ann.example@org.example']],
    ['a pattern character is taken literally', 'ann%example', []],
    ['a name still finds its owner', 'Jo Ann', ['joann@example.org']],
  ])('%s (%s)', async (_name, q, emails) => {
    expect(await search(q)).toEqual([...emails].sort());
  });
});

describe('the staff claims search box, by a name thousands of owners share', () => {
  /** Owners named alike, two claims each: more matches than a page's total counts exactly. */
  const OWNERS = 1_500;
  const received: number[] = [];
  const onResponse = (response: unknown) => received.push(Array.isArray(response) ? response.length : 0);

  beforeAll(async () => {
    await db.knex.raw(`
      insert into user_profiles (user_id, email, first_name, last_name, member_tier, created_at, updated_at)
        select md5('shared' || n)::uuid, 'shared' || n || '@example.org', 'Maria', 'Garcia', 'free', now(), now()
        from generate_series(1, ${OWNERS}) n;
      insert into claims (claim_id, user_id, claim_number, condition, condition_type, status, priority, progress, filed_at, updated_at)
        select md5('shared-claim' || n)::uuid, md5('shared' || (1 + n % ${OWNERS}))::uuid, '2025-' || n, 'Knee strain', 'primary',
               case when n % 3 = 0 then 'approved' else 'submitted' end, 'normal', 10,
               timestamptz '2025-01-01' + (n % 700) * interval '1 hour', now()
        from generate_series(1, ${OWNERS * 2}) n;
      -- A claim whose condition holds the name, of an owner not so named: the newest match.
      insert into claims (claim_id, user_id, claim_number, condition, condition_type, status, priority, progress, filed_at, updated_at)
        select md5('condition-match')::uuid, user_id, '2026-999', 'Maria Garcia syndrome', 'primary', 'approved', 'normal', 10,
               timestamptz '2026-01-01', now()
        from user_profiles where email = 'ann@example.org';
      analyze user_profiles;
      analyze claims;
    `);
  });

  beforeEach(() => {
    received.length = 0;
    db.knex.on('query-response', onResponse);
  });

  afterEach(() => {
    db.knex.off('query-response', onResponse);
  });

  /** Every claim the shared name matches (its owner's or its condition) and `where`, in the page's order. */
  const expected = (where: string) =>
    db.knex.raw(
      `select c.claim_id from claims c join user_profiles p using (user_id)
       where (p.first_name = 'Maria' or c.condition like 'Maria Garcia%') and ${where} order by c.filed_at desc, c.claim_id`,
    );

  test.each([
    ['the first page', [0, 24], {}, 'true'],
    ['a later page', [1000, 1024], {}, 'true'],
    ['with a status', [0, 24], { status: 'approved' as const }, `c.status = 'approved'`],
  ] as const)('%s is the matching claims in order, read without gathering every match', async (_name, range, filter, where) => {
    const page = await listStaffClaims(
      db.knex,
      { sort: { field: 'filedAt', order: 'DESC' }, range: [...range], filter: { q: 'maria garcia', ...filter } },
      NOW,
    );
    const all = ((await expected(where)) as { rows: { claim_id: string }[] }).rows.map((r) => r.claim_id);
    expect(page.rows.map((c) => c.id)).toEqual(all.slice(range[0], range[1] + 1));
    // The total: at least the next page's worth past this one, as a capped total shows it.
    expect(page.total).toBeGreaterThan(range[1] + 1);
    // No statement brought back more rows than a page's total counts: the matches were not gathered.
    expect(Math.max(...received)).toBeLessThanOrEqual(range[1] + 2 + 1_000);
  });

  test('text only owners hold reads its page from the owners alone, not from a union with the empty other arm', async () => {
    const sent: string[] = [];
    const onQuery = (query: { sql: string }) => sent.push(query.sql);
    db.knex.on('query', onQuery);
    try {
      const page = await listStaffClaims(
        db.knex,
        { sort: { field: 'filedAt', order: 'DESC' }, range: [0, 24], filter: { q: 'shared' } },
        NOW,
      );
      const all = (
        (await db.knex.raw(
          `select c.claim_id from claims c join user_profiles p using (user_id) where p.email like 'shared%' order by c.filed_at desc, c.claim_id`,
        )) as { rows: { claim_id: string }[] }
      ).rows.map((r) => r.claim_id);
      expect(page.rows.map((c) => c.id)).toEqual(all.slice(0, 25));
    } finally {
      db.knex.off('query', onQuery);
    }
    expect(sent.filter((sql) => /\bunion\b/i.test(sql))).toEqual([]);
  });
});
