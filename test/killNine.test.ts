/**
 * kill -9 on the real launcher (`gateway/src/main.ts`, as `npm start` runs it, on DATABASE_URL): the
 * process is killed (SIGKILL, no chance to clean up) while, at the same moment, the live projectors
 * are in the middle of a backlog, a document analysis is inside its engine, and a read-model rebuild
 * is half done. Started again, it finishes all three: every read model equals a fresh rebuild from
 * the events (nothing lost, nothing applied twice), the analysis has exactly one result, the rebuild
 * is taken over and swapped in.
 *
 * What the other restart tests prove stays theirs: a worker process killed during ten analyses
 * (test/api/analysis/analysisWorker.restart.api.test.ts), a rebuilder stopped at each step of a rebuild
 * (test/api/projections/rebuild.restart.test.ts). This one kills the whole app.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { streams } from '@cc/contracts';
import { PersonalDataVault } from '../platform/src/crypto/personalDataVault';
import { createTestDatabase, type TestDatabase } from '../platform/src/testing/database';
import { appendHistories, SyntheticHistories } from '../bench/synthetic';
import { PostgresEventStore } from '../platform/src/eventstore/postgres';
import { inlineProjection } from '../projection-service/src/index';
import { dumpTables, freshBuild, readModelTables } from '../gateway/src/testing/readModels';
import { TestClient } from '../gateway/src/testing/testApp';
import { launch, type Running } from './launch';

const ADMIN = { email: 'nine.admin@example.org', password: 'correct horse battery' };
const LETTER =
  'Tinnitus since 2004, ringing in both ears. It is at least as likely as not that the tinnitus is due to noise exposure in service.';

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A model server that takes requests and never answers: an analysis sent to it stays in the engine. */
async function hangingModel() {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = http.createServer(() => void (requests += 1));
  server.on('connection', (socket) => sockets.add(socket));
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: () => requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('kill -9 of the whole app', () => {
  let db: TestDatabase;
  let dataDir: string;
  // Rebuild pages of 500 (set-based read models default to 10,000), so the kill lands mid-rebuild.
  const env = () => ({
    DATABASE_URL: db.url,
    ADMIN_EMAILS: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    REBUILD_BATCH_SIZE: '500',
  });

  beforeAll(async () => {
    db = await createTestDatabase('killnine');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-kill9-'));
  });
  afterAll(async () => {
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Projector checkpoints behind the newest event. */
  const projectorsBehind = async (): Promise<number> => {
    const { rows } = await db.knex.raw(`
      select count(*)::int as n from subscription_checkpoints c
      where c.name like 'projection:%'
        and (c.tx_id, c.seq) < (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1)`);
    return rows[0].n;
  };
  const openTransactions = async (): Promise<number> => {
    const { rows } = await db.knex.raw(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  };
  const analysisResults = async (documentId: string) =>
    (
      await db
        .knex('events')
        .where({ stream_id: streams.document(documentId) })
        .pluck('type')
    ).filter((t: string) => t === 'DocumentAnalysisCompleted' || t === 'DocumentAnalysisFailed');

  it('killed mid projection batch, mid analysis and mid rebuild: after a restart every read model equals a fresh rebuild and the analysis has one result', async () => {
    const model = await hangingModel();
    let first: Running | undefined = await launch(dataDir, { ...env(), OPENAI_API_KEY: 'sk-test-hanging', OPENAI_BASE_URL: model.url });
    let second: Running | undefined;
    try {
      const base = `http://127.0.0.1:${first.port}`;
      const admin = new TestClient(base);
      await admin.signIn(ADMIN.email, ADMIN.password);
      const vet = new TestClient(base);
      const user = await vet.register('nine.vet@example.org');
      expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: 'pro' })).status).toBe(200);
      await until(async () => (await vet.get('/api/auth/user')).data.memberTier === 'pro', 'the pro tier');
      const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
      expect((await vet.request('PUT', address, { body: LETTER, headers: { 'content-type': 'text/plain' } })).status).toBe(201);
      const documentId = (await vet.put('/api/documents', { documentURL: address, fileName: 'tinnitus.txt', fileType: 'text/plain' })).data
        .id as string;

      // A backlog for the projectors (and a rebuild) to work through, written as the app runs.
      // Appended as another process of the app would (the claim and document views are kept inline).
      const vault = new PersonalDataVault(db.knex);
      const histories = await SyntheticHistories.create(vault, 40);
      const writer = new PostgresEventStore({ knex: db.knex, connectionString: db.url, inline: inlineProjection(vault) });
      const backlog = await appendHistories(writer, histories, 400).finally(() => writer.close());
      expect(backlog).toBeGreaterThan(2500);
      const rebuild = await admin.post('/api/staff/projections/claims/rebuild', {});
      expect(rebuild.status).toBe(202);
      const rebuildId = rebuild.data.rebuildId as string;
      // The analysis request waits for its result, which never comes from this model: it is not awaited.
      void vet.post(`/api/documents/${documentId}/analyze`, { analysisType: 'nexus-letter' }).catch(() => undefined);

      await until(async () => model.requests() > 0, 'the analysis to reach the model');
      const rebuildRow = () => db.knex('projection_rebuilds').where({ rebuild_id: rebuildId }).first();
      await until(async () => Number((await rebuildRow())?.processed ?? 0) > 0, 'the rebuild to have made progress');
      // The moment of the kill: all three under way, checked just before it. The batches are short
      // (set-based projectors), so the kill waits for one to be open rather than hoping to land in one.
      await until(async () => (await openTransactions()) > 0, 'a projection or rebuild batch to be open', 30_000, 2);
      const during = await rebuildRow();
      expect(during.state).toBe('running');
      expect(Number(during.processed)).toBeLessThan(Number(during.total));
      expect(await projectorsBehind()).toBeGreaterThan(0);
      expect(await analysisResults(documentId)).toEqual([]);
      const killed = new Promise((resolve) => first!.child.on('exit', (_code, signal) => resolve(signal)));
      first.child.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');
      first = undefined;
      await model.close();
      // Nothing was half-written: what the projectors had not committed is simply not there.
      expect(await projectorsBehind()).toBeGreaterThan(0);

      // Started again, with the offline engine this time.
      second = await launch(dataDir, env());
      await until(async () => (await analysisResults(documentId)).length > 0, 'the analysis to finish after the restart', 90_000, 100);
      // Taken over once its heartbeat has gone quiet (15 s), then swapped in.
      await until(async () => (await rebuildRow()).state !== 'running', 'the rebuild to be taken over and finished', 90_000, 200);
      expect((await rebuildRow()).state).toBe('swapped');
      // Caught up, and quiet: the workers a start runs (the weekly digest's first look) have appended
      // what they had to, so nothing lands between the catch-up and the stop.
      let head = '';
      await until(
        async () => {
          const { rows } = await db.knex.raw('select count(*)::int as n from events');
          const now = String(rows[0].n);
          const quiet = now === head && (await projectorsBehind()) === 0;
          head = now;
          return quiet;
        },
        'the projectors to catch up with no worker still appending',
        90_000,
        1_500,
      );
      const stopped = new Promise((resolve) => second!.child.on('exit', (code) => resolve(code)));
      second.child.kill('SIGTERM');
      expect(await stopped).toBe(0);
      second = undefined;
      // Stopped at a batch boundary with nothing left behind (no worker appended anything after the catch-up).
      expect(await projectorsBehind()).toBe(0);

      expect(await analysisResults(documentId)).toEqual(['DocumentAnalysisCompleted']);
      const tables = readModelTables();
      expect(await dumpTables(db.knex, tables)).toEqual(await freshBuild(db.knex, tables));
    } finally {
      first?.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
      await model.close().catch(() => undefined);
    }
  }, 300_000);
});
