/**
 * Cost as the data grows: what a veteran and a staff member wait for on a store holding one veteran,
 * and on the same store after it has grown to thousands of veterans (full run: 10,000 veterans,
 * 100,000 claims, about a million events), in the same run, through real HTTP against the whole
 * app. The store grows by copies of the measured veteran (bench/veteranClones.ts): their history
 * made through the API, their read-model rows built by the real projectors, copied in bulk.
 *
 * Figures, each p50 and p99 of requests one at a time, large store against empty: the veteran's
 * claims list page, the staff claims list (every claim, newest first, one page) and a staff claims
 * search (status filter), the staff search box (text across condition, claim number, owner name
 * and e-mail), the staff documents list, the access log and the event log (every row, newest
 * first, one page), a claim's history, a command (a status change, answered after the read side
 * shows it) and the dashboard's calls together. The staff search box is measured twice: by an
 * owner's e-mail (one owner's claims) and by a name every copy shares (every claim matches).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLAIM_STATUSES } from '@cc/contracts';
import { createKnex } from '../platform/src/db/knex';
import { TestClient } from '../gateway/src/testing/testApp';
import { uploadFile } from '../gateway/src/testing/erasure';
import { readModelTables } from '../gateway/src/testing/readModels';
import { BENCH_ADMIN, startBenchApp, type BenchApp } from './benchApp';
import { percentile, size, type BenchContext, type BenchRow, type BenchSuite } from './harness';
import { readTemplate, skipSubscribersToHead, writeCopies } from './veteranClones';

const ADMIN = BENCH_ADMIN;
const VETERAN = { email: 'growth.veteran@example.org', firstName: 'Avery', lastName: 'Okonkwo' };
/** Claims per veteran: 10,000 veterans make the 100,000 claims of the target. */
const CLAIMS = 10;
const CONDITIONS = [
  'Tinnitus',
  'PTSD',
  'Lumbar strain',
  'Sleep apnea',
  'Migraines',
  'Knee strain',
  'Hearing loss',
  'Asthma',
  'GERD',
  'Scars',
];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function expectStatus(res: { status: number; text: string }, wanted: number, what: string) {
  if (res.status !== wanted) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
}

/** The measured veteran, made as a person would: claims moved through review, rated, noted, documents. */
async function makeVeteran(baseUrl: string, admin: TestClient): Promise<{ client: TestClient; userId: string; claimIds: string[] }> {
  const client = new TestClient(baseUrl);
  const user = await client.register(VETERAN.email, undefined, { firstName: VETERAN.firstName, lastName: VETERAN.lastName });
  expectStatus(await admin.put(`/api/users/${user.id}/tier`, { tierName: 'basic' }), 200, 'tier change');
  for (let i = 0; i < 200 && (await client.get('/api/auth/user')).data.memberTier !== 'basic'; i++)
    await new Promise((r) => setTimeout(r, 20));
  const claimIds: string[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const filed = await client.post('/api/claims', { condition: CONDITIONS[i]!, conditionType: 'primary' });
    expectStatus(filed, 201, 'POST /api/claims');
    const id = filed.data.id as string;
    claimIds.push(id);
    const to = (status: string, note: string) => client.put(`/api/claims/${id}/status`, { status, note });
    expectStatus(await to('initial_review', 'Records requested from the VA medical center'), 200, 'status change');
    expectStatus(await to('evidence_review', 'Buddy statement sent'), 200, 'status change');
    if (i % 2 === 0) {
      expectStatus(await to('approved', 'Decision letter received'), 200, 'status change');
      expectStatus(await client.put(`/api/claims/${id}/rating`, { ratingPercentage: 10 * (1 + (i % 5)) }), 200, 'rating');
    }
    const note = await client.post(`/api/claims/${id}/notes`, { note: 'Called the regional office', noteType: 'general' });
    expectStatus(note, 201, 'POST note');
    if (i < 3)
      await uploadFile(client, `service-records-${i}.pdf`, Buffer.from(`%PDF-1.4\n% service record ${i}\n`), 'application/pdf', id);
  }
  // A staff member reads one claim, as support does: the access log and the history show it.
  expectStatus(await admin.get(`/api/claims/${claimIds[0]}/history`), 200, 'staff history read');
  return { client, userId: user.id, claimIds };
}

interface Figure {
  name: string;
  run(i: number): Promise<void>;
}

function figures(veteran: TestClient, admin: TestClient, claimIds: readonly string[]): Figure[] {
  const get = (client: TestClient, url: string) => async () => expectStatus(await client.get(url), 200, `GET ${url}`);
  const dashboard = [
    '/api/auth/user',
    '/api/dashboard',
    '/api/evidence/readiness',
    `/api/deadlines?sort=${q(['dueDate', 'ASC'])}&range=${q([0, 4])}`,
    '/api/notifications/unread-count',
    '/api/ai-chat/usage',
    `/api/ai-chat/messages?sort=${q(['createdAt', 'DESC'])}&range=${q([0, 19])}`,
  ];
  return [
    { name: "veteran's claims list page", run: get(veteran, `/api/claims?sort=${q(['filedAt', 'DESC'])}&range=${q([0, 9])}`) },
    {
      name: 'staff claims list (every claim, newest first, page of 25)',
      run: get(admin, `/api/staff/claims?sort=${q(['filedAt', 'DESC'])}&range=${q([0, 24])}`),
    },
    {
      name: 'staff claims search (status, newest first, page of 25)',
      run: get(admin, `/api/staff/claims?filter=${q({ status: 'evidence_review' })}&sort=${q(['filedAt', 'DESC'])}&range=${q([0, 24])}`),
    },
    {
      name: 'staff claims search box (owner e-mail)',
      run: get(admin, `/api/staff/claims?filter=${q({ q: VETERAN.email })}&sort=${q(['filedAt', 'DESC'])}&range=${q([0, 24])}`),
    },
    {
      // Every copy of the veteran bears their name: on the large store it matches every claim.
      name: 'staff claims search box (a name every owner shares)',
      run: get(
        admin,
        `/api/staff/claims?filter=${q({ q: `${VETERAN.firstName} ${VETERAN.lastName}` })}&sort=${q(['filedAt', 'DESC'])}&range=${q([0, 24])}`,
      ),
    },
    {
      name: 'staff documents list (every document, newest first, page of 25)',
      run: get(admin, `/api/staff/documents?sort=${q(['uploadedAt', 'DESC'])}&range=${q([0, 24])}`),
    },
    {
      name: 'staff access log (every entry, newest first, page of 25)',
      run: get(admin, `/api/staff/access-log?sort=${q(['at', 'DESC'])}&range=${q([0, 24])}`),
    },
    {
      name: 'staff event log (every event, newest first, page of 25)',
      run: get(admin, `/api/staff/events?sort=${q(['position', 'DESC'])}&range=${q([0, 24])}`),
    },
    { name: "claim's history page", run: get(veteran, `/api/claims/${claimIds[1]}/history`) },
    // The same work on both stores (the session's own user): how far its ratio strays from 1 is the
    // run's noise, which a p99 of a few hundred requests on a shared machine mostly is.
    { name: 'control: the signed-in user (same work on both stores)', run: get(veteran, '/api/auth/user') },
    {
      name: 'command: claim status change',
      run: async (i) => {
        const res = await veteran.put(`/api/claims/${claimIds[1]}/status`, {
          status: CLAIM_STATUSES[i % 3 === 0 ? 1 : 2],
          note: 'Called the regional office',
        });
        expectStatus(res, 200, 'PUT status');
      },
    },
    {
      name: "dashboard's API calls together",
      run: async () => {
        await Promise.all(dashboard.map((url) => get(veteran, url)()));
      },
    },
  ];
}

/**
 * Each figure's request times on both stores, one request at a time after a warm-up; each round
 * runs every figure on both stores, in alternating order, so both see the same moments of a shared
 * machine.
 */
async function measureSideBySide(
  stores: { empty: readonly Figure[]; large: readonly Figure[] },
  samples: number,
): Promise<{ empty: Map<string, number[]>; large: Map<string, number[]> }> {
  const times = {
    empty: new Map(stores.empty.map((f) => [f.name, [] as number[]])),
    large: new Map(stores.large.map((f) => [f.name, [] as number[]])),
  };
  for (let i = 0; i < 10; i++) for (const f of [...stores.empty, ...stores.large]) await f.run(i);
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? (['empty', 'large'] as const) : (['large', 'empty'] as const);
    for (let f = 0; f < stores.empty.length; f++) {
      for (const side of order) {
        const figure = stores[side][f]!;
        const began = performance.now();
        await figure.run(i);
        times[side].get(figure.name)!.push(performance.now() - began);
      }
    }
  }
  return times;
}

async function projectorsCaughtUp(app: BenchApp): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { rows } = await app.system.knex.raw(
      `select count(*)::int as behind from subscription_checkpoints c,
         (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1) h
       where c.name like 'projection:%' and (c.tx_id, c.seq) < (h.transaction_id, h.global_position)`,
    );
    if (rows[0].behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the projectors did not catch up with the store within 30 s');
}

async function counts(app: BenchApp) {
  const { rows } = await app.system.knex.raw(
    `select (select count(*) from user_profiles)::int as users, (select count(*) from claims)::int as claims,
            (select count(*) from events)::int as events`,
  );
  return rows[0] as { users: number; claims: number; events: number };
}

/** A copy of a database (`create database … template …`), with no connection open to the original. */
async function copyDatabase(url: string): Promise<string> {
  const admin = new URL(url);
  const source = admin.pathname.slice(1);
  const name = `${source}_large`;
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${source}`);
  } finally {
    await client.end();
  }
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** Both stores' apps with the measured veteran and a staff member signed in on each. */
async function signedIn(app: BenchApp) {
  const staff = new TestClient(app.baseUrl);
  await staff.signIn(ADMIN.email, ADMIN.password);
  const veteran = new TestClient(app.baseUrl);
  await veteran.signIn(VETERAN.email);
  return { staff, veteran };
}

export const dataGrowthBench: BenchSuite = {
  name: 'data-growth',
  async run(ctx: BenchContext) {
    const copies = size(ctx, 9_999, 9);
    // A p99 of 150 samples is the second-slowest request, which a single pause of the shared event
    // loop decides; of 400 it is the fourth.
    const samples = size(ctx, 400, 5);
    const emptyUrl = await ctx.createDatabase();
    const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-bench-growth-'));
    const largeDir = `${emptyDir}-large`;
    try {
      // The measured veteran, made through the API on an empty store.
      let veteran: Awaited<ReturnType<typeof makeVeteran>>;
      const first = await startBenchApp(emptyUrl, emptyDir);
      try {
        const admin = new TestClient(first.baseUrl);
        await admin.signIn(ADMIN.email, ADMIN.password);
        veteran = await makeVeteran(first.baseUrl, admin);
        // Everything caught up before the stop, so moving every subscriber to the head skips only copies.
        await projectorsCaughtUp(first);
      } finally {
        await first.stop();
      }

      // The large store: the same database, grown by copies of that veteran.
      const largeUrl = await copyDatabase(emptyUrl);
      await fs.cp(emptyDir, largeDir, { recursive: true });
      const knex = createKnex(largeUrl, { max: 4 });
      try {
        const template = await readTemplate(knex, veteran.userId, readModelTables());
        ctx.log(
          `template veteran: ${template.events.length} events; rows: ${template.tables.map((t) => `${t.table} ${t.rows.length}`).join(', ')}`,
        );
        const loadStart = performance.now();
        let reported = 0;
        const written = await writeCopies(knex, template, copies, {
          onProgress: (veterans, events) => {
            if (veterans - reported < 1_000) return;
            reported = veterans;
            ctx.log(`  ${veterans} copies, ${events} events, ${((performance.now() - loadStart) / 1000).toFixed(0)} s`);
          },
        });
        await skipSubscribersToHead(knex);
        await knex.raw('vacuum analyze');
        ctx.log(
          `loaded ${copies} copies: ${written.events} events and ${written.rows} read-model rows in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (vacuum analyze included)`,
        );
      } finally {
        await knex.destroy();
      }

      const emptyApp = await startBenchApp(emptyUrl, emptyDir);
      const largeApp = await startBenchApp(largeUrl, largeDir).catch(async (error) => {
        await emptyApp.stop();
        throw error;
      });
      let times: Awaited<ReturnType<typeof measureSideBySide>>;
      try {
        for (const [name, app] of [
          ['empty', emptyApp],
          ['large', largeApp],
        ] as const) {
          const n = await counts(app);
          ctx.log(`${name} store: ${n.users} users, ${n.claims} claims, ${n.events} events`);
        }
        const [onEmpty, onLarge] = [await signedIn(emptyApp), await signedIn(largeApp)];
        times = await measureSideBySide(
          {
            empty: figures(onEmpty.veteran, onEmpty.staff, veteran.claimIds),
            large: figures(onLarge.veteran, onLarge.staff, veteran.claimIds),
          },
          samples,
        );
      } finally {
        await largeApp.stop();
        await emptyApp.stop();
      }

      return [...times.empty.keys()].map((name): BenchRow => {
        const before = times.empty.get(name)!;
        const after = times.large.get(name)!;
        const [p50, p99, baseP50, baseP99] = [percentile(after, 50), percentile(after, 99), percentile(before, 50), percentile(before, 99)];
        const ratio = Math.max(p50 / baseP50, p99 / baseP99);
        ctx.log(`${name}: p50 ${(p50 / baseP50).toFixed(2)}×, p99 ${(p99 / baseP99).toFixed(2)}×`);
        return {
          figure: `${name}, large store vs empty (worse of p50, p99)`,
          value: `p50 ${ms(p50)}, p99 ${ms(p99)}`,
          baseline: `p50 ${ms(baseP50)}, p99 ${ms(baseP99)} empty`,
          ratio,
          target: '≤ 1.5× empty store',
          ok: ratio <= 1.5,
        };
      });
    } finally {
      await fs.rm(emptyDir, { recursive: true, force: true });
      await fs.rm(largeDir, { recursive: true, force: true });
    }
  },
};
