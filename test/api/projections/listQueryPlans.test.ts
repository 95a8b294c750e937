/**
 * Every list the read side serves stays an index lookup as the tables grow: each list query is run
 * through the real query function (so the SQL is what the routes send), captured, and EXPLAINed on
 * read models holding 25,000 rows a table (generate_series, then ANALYZE). A plan that reads a
 * big table from end to end (a Seq Scan) costs time in proportion to every veteran's data, not the
 * caller's, and fails here; so does a Memoize cache, whose set-up grows with the table it probes.
 */
import type { Knex } from 'knex';
import { projectionMigrations } from '@cc/projection-service';
import { listClaims, claimHistory, dashboard } from '@cc/projection-service/claims/queries';
import { listDocuments } from '@cc/projection-service/documents/queries';
import { listNotifications, countUnread } from '@cc/projection-service/notifications/queries';
import { listUsersWithTier } from '@cc/projection-service/userProfiles/queries';
import {
  findStaffUser,
  listAccessLog,
  listStaffClaims,
  listStaffDocuments,
  listTierHistory,
  staffViewsOfClaim,
} from '@cc/projection-service/staff/queries';
import { listChatSessions, listWidgetMessages } from '@cc/projection-service/chat/queries';
import { claimReadiness } from '@cc/projection-service/evidence/queries';
import { upcomingDeadlines } from '@cc/projection-service/deadlines/queries';
import { listStaffSupportRequests, listSupportRequests } from '@cc/projection-service/supportRequests/queries';
import { eventStoreMigrations, migrate } from '@cc/platform';
import { listEvents } from '@cc/projection-service/support/eventLog';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';

const USERS = 5_000;
/** Rows in each big table: five per user. */
const ROWS = 25_000;
const NOW = new Date('2026-06-01T12:00:00Z');

let db: TestDatabase;
let userId: string;
let claimId: string;
let staffId: string;

/** Users u(1..USERS) and ten rows per user in every per-user table, with ids derived from the row number. */
async function fill(knex: Knex) {
  await knex.raw(`
    create function pg_temp.uid(kind text, n integer) returns uuid language sql immutable
      as $$ select md5(kind || n)::uuid $$;
    insert into user_profiles (user_id, email, first_name, last_name, member_tier, created_at, updated_at)
      select pg_temp.uid('u', n), 'veteran' || n || '@example.org', 'First' || n, 'Last' || n,
             (array['free', 'basic', 'pro'])[1 + n % 3], timestamptz '2025-01-01' + n * interval '1 minute', now()
      from generate_series(1, ${USERS}) n;
    insert into claims (claim_id, user_id, claim_number, condition, condition_type, status, priority, progress, rating,
                        filed_at, decided_at, updated_at, decision_date)
      select pg_temp.uid('c', n), pg_temp.uid('u', 1 + n % ${USERS}), '2026-' || lpad((n / ${USERS})::text, 3, '0'),
             (array['Tinnitus', 'PTSD', 'Lumbar strain', 'Sleep apnea', 'Migraines'])[1 + n % 5], 'primary',
             (array['submitted', 'initial_review', 'evidence_review', 'approved', 'denied'])[1 + n % 5], 'normal', 25,
             case when n % 5 = 3 then 30 end, timestamptz '2025-01-01' + n * interval '5 minutes',
             case when n % 5 >= 3 then now() end, now(), case when n % 5 >= 3 then '2026-05-01' end
      from generate_series(1, ${ROWS}) n;
    insert into claim_history (event_id, claim_id, owner_id, type, title, actor_id, at, position_tx, position_seq)
      select pg_temp.uid('h', n), pg_temp.uid('c', 1 + n % ${ROWS / 5}), pg_temp.uid('u', 1 + (n % ${ROWS / 5}) % ${USERS}),
             'ClaimStatusChanged', 'Status changed', pg_temp.uid('u', 1 + n % ${USERS}), now(), '1'::xid8, n
      from generate_series(1, ${ROWS}) n;
    insert into activities (id, user_id, type, title, description, created_at, subject_id)
      select pg_temp.uid('a', n), pg_temp.uid('u', 1 + n % ${USERS}), 'claim_created', 'New claim added', 'Tinnitus',
             timestamptz '2025-01-01' + n * interval '1 minute', pg_temp.uid('c', n)
      from generate_series(1, ${ROWS}) n;
    insert into documents (document_id, user_id, file_name, file_type, detected_type, file_size, object_path, sha256,
                           processing_status, claim_id, uploaded_at)
      select pg_temp.uid('d', n), pg_temp.uid('u', 1 + n % ${USERS}), 'record-' || n || '.pdf', 'application/pdf', 'pdf', 1000,
             'documents/' || n, md5(n::text), (array['pending', 'completed', 'failed'])[1 + n % 3],
             case when n % 2 = 0 then pg_temp.uid('c', n) end, timestamptz '2025-01-01' + n * interval '1 minute'
      from generate_series(1, ${ROWS}) n;
    insert into notifications (id, user_id, kind, title, body, created_at, read_at)
      select pg_temp.uid('o', n), pg_temp.uid('u', 1 + n % ${USERS}), 'claim_status', 'Claim updated', 'Your claim moved',
             timestamptz '2025-01-01' + n * interval '1 minute', case when n % 4 = 0 then null else now() end
      from generate_series(1, ${ROWS}) n;
    insert into staff_access_log (event_id, at, staff_id, staff_role, endpoint, claim_id, owner_id)
      select pg_temp.uid('l', n), timestamptz '2025-01-01' + n * interval '1 minute', pg_temp.uid('u', 1 + n % 20), 'adjudicator',
             'GET /api/claims/{id}/history', pg_temp.uid('c', n), pg_temp.uid('u', 1 + n % ${USERS})
      from generate_series(1, ${ROWS}) n;
    insert into user_tier_history (event_id, user_id, from_tier, to_tier, reason, actor_id, at, position_tx, position_seq)
      select pg_temp.uid('t', n), pg_temp.uid('u', 1 + n % ${USERS}), 'free', 'basic', 'admin', pg_temp.uid('u', 1),
             timestamptz '2025-01-01' + n * interval '1 minute', '1'::xid8, n
      from generate_series(1, ${ROWS}) n;
    insert into chat_sessions (session_id, user_id, title, origin, created_at, updated_at)
      select pg_temp.uid('s', n), pg_temp.uid('u', 1 + n % ${USERS}), 'Question ' || n, (array['widget', 'page'])[1 + n % 2],
             timestamptz '2025-01-01' + n * interval '1 minute', timestamptz '2025-01-01' + n * interval '1 minute'
      from generate_series(1, ${ROWS}) n;
    insert into chat_messages (message_id, session_id, user_id, role, content, question_id, created_at, position_tx, position_seq)
      select pg_temp.uid('m', n), pg_temp.uid('s', 1 + n % ${ROWS / 5}), pg_temp.uid('u', 1 + (n % ${ROWS / 5}) % ${USERS}),
             (array['user', 'assistant'])[1 + n % 2], 'How do I file?', pg_temp.uid('m', n), now(), '1'::xid8, n
      from generate_series(1, ${ROWS}) n;
    insert into evidence_claims (claim_id, user_id, claim_number, condition, condition_type, status)
      select pg_temp.uid('c', n)::text, pg_temp.uid('u', 1 + n % ${USERS})::text, '2026-001', 'Tinnitus', 'primary', 'submitted'
      from generate_series(1, ${ROWS}) n;
    insert into evidence_maps (claim_id, user_id, readiness, readiness_reason, elements, updated_at)
      select pg_temp.uid('c', n)::text, pg_temp.uid('u', 1 + n % ${USERS})::text, n % 100, 'Needs a nexus letter', '[]', now()
      from generate_series(1, ${ROWS}) n;
    insert into support_requests (request_id, user_id, subject, status, claim_id, tier, priority, queue_key, opened_at, updated_at,
                                  waiting_since, message_count)
      select pg_temp.uid('r', n), pg_temp.uid('u', 1 + n % ${USERS}), 'Question ' || n, (array['open', 'answered', 'closed'])[1 + n % 3],
             null, (array['pro', 'basic', 'free'])[1 + n % 3], 1 + n % 3,
             (1 + n % 3) || ':' || to_char(timestamptz '2025-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             timestamptz '2025-01-01' + n * interval '1 minute', now(), case when n % 3 = 0 then now() end, 1
      from generate_series(1, ${ROWS}) n;
    insert into events (transaction_id, event_id, stream_id, stream_version, type, data, metadata, created_at)
      select (1000 + n / 3)::text::xid8, pg_temp.uid('e', n), 'claim-' || pg_temp.uid('c', 1 + n % ${ROWS / 5}), 1 + n / ${ROWS / 5},
             (array['ClaimCreated', 'ClaimStatusChanged', 'ClaimNoteAdded'])[1 + n % 3], '{}',
             jsonb_build_object('userId', pg_temp.uid('u', 1 + n % ${USERS}), 'correlationId', pg_temp.uid('k', n)),
             timestamptz '2025-01-01' + n * interval '1 minute'
      from generate_series(1, ${ROWS}) n;
  `);
  // Statistics for the planner, and the visibility map autovacuum keeps, as a running store has them.
  await knex.raw('vacuum analyze');
  const ids = await knex.raw(`select md5('u42')::uuid as user, md5('c42')::uuid as claim, md5('u1')::uuid as staff`);
  return ids.rows[0] as { user: string; claim: string; staff: string };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables each plan reads end to end. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The sorts in a plan: a page whose order an index gives has none. */
function sorts(node: PlanNode): string[] {
  const own = /Sort$/.test(node['Node Type']) ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sorts)];
}

/**
 * The Memoize caches in a plan. Such a cache is sized by the planner's estimate of the distinct keys
 * the join would probe if it ran to the end (every owner), not by the page's 25 rows, so setting it
 * up costs more as the store grows: on a store of 10,000 people a page spent about 3 ms in it, and
 * 0.4 ms without.
 */
function memoizes(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Memoize' ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(memoizes)];
}

/** The kinds of scan a plan reads its tables with. */
function scanKinds(node: PlanNode): string[] {
  const own = /Scan$/.test(node['Node Type']) ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scanKinds)];
}

/** The statements `run` sends, each with the tables its plan scans sequentially. */
async function plansOf(
  run: (knex: Knex) => Promise<unknown>,
): Promise<{ sql: string; scans: string[]; sorts: string[]; kinds: string[]; memoizes: string[] }[]> {
  const sent: { sql: string; bindings: unknown[] }[] = [];
  const listen = (query: { sql: string; bindings?: unknown[] }) => sent.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.knex.on('query', listen);
  try {
    await run(db.knex);
  } finally {
    db.knex.off('query', listen);
  }
  const plans: { sql: string; scans: string[]; sorts: string[]; kinds: string[]; memoizes: string[] }[] = [];
  // The SQL comes already numbered ($1, $2…) for the driver, so it is explained through the driver
  // with the bindings it was sent with, on one connection that replays the transactions and their
  // SET LOCAL settings as they were sent (a setting can change a plan).
  const connection = await db.knex.client.acquireConnection();
  try {
    for (const { sql, bindings } of sent) {
      if (/^begin/i.test(sql)) await connection.query('begin');
      else if (/^(commit|rollback)/i.test(sql)) await connection.query('rollback');
      else if (/^set /i.test(sql)) await connection.query(sql, bindings);
      // A planner estimate (a capped total's) is asked with EXPLAIN: it reads no row, and has no plan of its own.
      else if (!/^explain /i.test(sql)) {
        const result = await connection.query(`explain (format json) ${sql}`, bindings);
        const plan = result.rows[0]['QUERY PLAN'][0].Plan;
        plans.push({ sql, scans: seqScans(plan), sorts: sorts(plan), kinds: scanKinds(plan), memoizes: memoizes(plan) });
      }
    }
  } finally {
    await connection.query('rollback');
    await db.knex.client.releaseConnection(connection);
  }
  return plans;
}

const page = <Field extends string, Filter>(field: Field, order: 'ASC' | 'DESC', filter: Filter, size = 25) => ({
  sort: { field, order },
  range: [0, size - 1] as [number, number],
  filter,
});

beforeAll(async () => {
  db = await createTestDatabase('plans');
  await migrate(db.knex, 'platform', eventStoreMigrations);
  await migrate(db.knex, 'projection', projectionMigrations);
  const ids = await fill(db.knex);
  userId = ids.user;
  claimId = ids.claim;
  staffId = ids.staff;
});

afterAll(async () => {
  await db?.drop();
});

/**
 * A list over every veteran's rows (the staff console's whole lists, or a status a fifth of all
 * claims share) whose total is counted only up to a bound past the page, then estimated
 * (staff/listTotal.ts): its count is an index lookup too, however broad the filter.
 */
const CAPPED = 'capped';
/** A list of one owner's, claim's or person's rows: its total is an index lookup too. */
const OWNED = 'owned';

type Case = [string, (knex: Knex) => Promise<unknown>, typeof CAPPED | typeof OWNED];

const lists = (): Case[] => [
  ["a veteran's claims, newest first", (k) => listClaims(k, userId, page('filedAt', 'DESC', {}, 10), NOW), OWNED],
  ["a veteran's claims by status", (k) => listClaims(k, userId, page('filedAt', 'DESC', { status: 'approved' as const }), NOW), OWNED],
  ["a veteran's documents, newest first", (k) => listDocuments(k, userId, page('uploadedAt', 'DESC', {})), OWNED],
  ["a veteran's notifications, newest first", (k) => listNotifications(k, userId, page('createdAt', 'DESC', {})), OWNED],
  ["a veteran's unread notifications", (k) => listNotifications(k, userId, page('createdAt', 'DESC', { isRead: false })), OWNED],
  ['the unread count', (k) => countUnread(k, userId), OWNED],
  ["a claim's history", (k) => claimHistory(k, claimId), OWNED],
  ["staff views of a claim (the owner's history)", (k) => staffViewsOfClaim(k, claimId), OWNED],
  ['the dashboard (profile, claims, activities, documents)', (k) => dashboard(k, userId, NOW), OWNED],
  ['readiness of the claims (dashboard)', (k) => claimReadiness(k, userId), OWNED],
  ['upcoming deadlines (dashboard)', (k) => upcomingDeadlines(k, userId, NOW), OWNED],
  ['chat sessions', (k) => listChatSessions(k, userId, page('updatedAt', 'DESC', {})), OWNED],
  ['the chat widget messages', (k) => listWidgetMessages(k, userId, page('createdAt', 'DESC', {}, 20)), OWNED],
  ['staff: claims page, newest first', (k) => listStaffClaims(k, page('filedAt', 'DESC', {}), NOW), CAPPED],
  [
    'staff: claims by status, newest first',
    (k) => listStaffClaims(k, page('filedAt', 'DESC', { status: 'evidence_review' as const }), NOW),
    CAPPED,
  ],
  [
    'staff: claims by status, the ninth page',
    (k) => listStaffClaims(k, { ...page('filedAt', 'DESC', { status: 'evidence_review' as const }), range: [200, 224] }, NOW),
    CAPPED,
  ],
  [
    "staff: claims search box, an owner's e-mail",
    (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: 'veteran42@example.org' }), NOW),
    OWNED,
  ],
  ["staff: claims search box, an owner's name", (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: 'First42 Last42' }), NOW), OWNED],
  ['staff: claims search box, a claim number', (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: '2026-004' }), NOW), OWNED],
  // Every owner is "First<n> Last<n>": a name every owner shares, so every claim matches.
  ['staff: claims search box, a name every owner shares', (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: 'First' }), NOW), CAPPED],
  [
    'staff: claims search box, a name every owner shares, a later page',
    (k) => listStaffClaims(k, { ...page('filedAt', 'DESC', { q: 'First' }), range: [1000, 1024] }, NOW),
    CAPPED,
  ],
  [
    'staff: claims search box, a condition a fifth of claims share',
    (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: 'tinnitus' }), NOW),
    CAPPED,
  ],
  [
    'staff: claims search box, a shared name and a status',
    (k) => listStaffClaims(k, page('filedAt', 'DESC', { q: 'First', status: 'approved' as const }), NOW),
    CAPPED,
  ],
  ["staff: one owner's claims", (k) => listStaffClaims(k, page('filedAt', 'DESC', { userId }), NOW), OWNED],
  ['staff: documents page, newest first', (k) => listStaffDocuments(k, page('uploadedAt', 'DESC', {})), CAPPED],
  ['staff: documents search box, a file name', (k) => listStaffDocuments(k, page('uploadedAt', 'DESC', { q: 'record-4242.pdf' })), OWNED],
  ["staff: one claim's documents", (k) => listStaffDocuments(k, page('uploadedAt', 'DESC', { claimId })), OWNED],
  ["staff: one owner's documents", (k) => listStaffDocuments(k, page('uploadedAt', 'DESC', { userId })), OWNED],
  [
    'staff: documents by processing status',
    (k) => listStaffDocuments(k, page('uploadedAt', 'DESC', { processingStatus: 'failed' as const })),
    CAPPED,
  ],
  ['staff: access log, newest first', (k) => listAccessLog(k, page('at', 'DESC', {})), CAPPED],
  ["staff: one claim's access log", (k) => listAccessLog(k, page('at', 'DESC', { claimId })), OWNED],
  ["staff: one staff member's access log", (k) => listAccessLog(k, page('at', 'DESC', { staffId })), OWNED],
  ["staff: one owner's access log", (k) => listAccessLog(k, page('at', 'DESC', { ownerId: userId })), OWNED],
  ['staff: users, newest first', (k) => listUsersWithTier(k, page('createdAt', 'DESC', {})), CAPPED],
  ['staff: users by tier', (k) => listUsersWithTier(k, page('createdAt', 'DESC', { memberTier: 'pro' as const })), CAPPED],
  ["staff: one user's details", (k) => findStaffUser(k, userId), OWNED],
  ['staff: tier history, newest first', (k) => listTierHistory(k, page('at', 'DESC', {})), CAPPED],
  ["staff: one user's tier history", (k) => listTierHistory(k, page('at', 'DESC', { userId })), OWNED],
  ['support: the event log, newest first', (k) => listEvents(k, page('position', 'DESC', {})), CAPPED],
  ['support: the event log of one type, newest first', (k) => listEvents(k, page('position', 'DESC', { type: 'ClaimNoteAdded' })), CAPPED],
  ["support: one stream's events", (k) => listEvents(k, page('position', 'DESC', { streamId: `claim-${claimId}` })), OWNED],
  ["a veteran's support requests", (k) => listSupportRequests(k, userId, page('updatedAt', 'DESC', {})), OWNED],
  ['support: the queue in priority order', (k) => listStaffSupportRequests(k, page('priority', 'ASC', {})), CAPPED],
  [
    'support: open requests in priority order',
    (k) => listStaffSupportRequests(k, page('priority', 'ASC', { status: 'open' as const })),
    CAPPED,
  ],
];

describe('list queries on read models of 25,000 rows', () => {
  test.each(lists())('%s reads no big table end to end, and sizes no cache by one', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => p.scans.length > 0)).toEqual([]);
    expect(plans.filter((p) => p.memoizes.length > 0).map((p) => p.sql)).toEqual([]);
  });

  test('the access log newest first is read in its index order, however many entries share a moment', async () => {
    await db.knex.raw(`
      insert into staff_access_log (event_id, at, staff_id, staff_role, endpoint)
        select md5('same' || n)::uuid, timestamptz '2030-01-01', md5('u1')::uuid, 'adjudicator', 'GET /api/staff/claims'
        from generate_series(1, 5000) n;
      analyze staff_access_log;
    `);
    const plans = await plansOf((k) => listAccessLog(k, page('at', 'DESC', {})));
    expect(plans.map((p) => p.sorts)).toEqual(plans.map(() => []));
  });

  test.each([
    ['staff: claims page', (k: Knex) => listStaffClaims(k, page('filedAt', 'DESC', {}), NOW)],
    ['staff: documents page', (k: Knex) => listStaffDocuments(k, page('uploadedAt', 'DESC', {}))],
  ])('%s counts its total out of the index alone, reading no row of the table', async (_name, run) => {
    const counts = (await plansOf(run)).filter((p) => /^select count/i.test(p.sql));
    expect(counts.map((p) => p.kinds)).toEqual([['Index Only Scan']]);
  });

  test('a seeded id is one of the generated rows (the lookups above find something)', async () => {
    const mine = await listClaims(db.knex, userId, page('filedAt', 'DESC', {}, 10), NOW);
    expect(mine.total).toBe(ROWS / USERS);
  });
});
