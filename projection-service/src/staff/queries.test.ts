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
