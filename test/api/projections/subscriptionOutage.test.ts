import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { CLAIM_STATUSES, type ClaimStatus } from '@cc/contracts';
import { claimCommands } from '@cc/command-service/claims/commands';
import { userCommands } from '@cc/command-service/users/commands';
import { commandMigrations } from '@cc/command-service';
import { createProjectionService, projectionMigrations } from '@cc/projection-service';
import {
  createKnex,
  createLogger,
  eventStoreMigrations,
  LocalObjectStorage,
  migrate,
  personalDataMigrations,
  PersonalDataVault,
  PostgresEventStore,
  type Knex,
} from '@cc/platform';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { startFaultyProxy, type FaultyProxy } from '@cc/platform/testing/faultyProxy';
import { readModelTables } from '@cc/gateway/testing/readModels';

const READ_MODELS = readModelTables();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function migrateAll(knex: Knex) {
  await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
  await migrate(knex, 'command', commandMigrations);
  await migrate(knex, 'projection', projectionMigrations);
}

/** Every row of every read model, in a stable order, as text. */
async function readModels(knex: Knex): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of READ_MODELS) {
    const { rows } = (await knex.raw(`select to_jsonb(t)::text as row from ${table} t`)) as { rows: { row: string }[] };
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

function projectionsOn(knex: Knex, url: string, storageRoot: string, lines: string[]) {
  const store = new PostgresEventStore({ knex, connectionString: url });
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const service = createProjectionService({
    knex,
    store,
    vault: new PersonalDataVault(knex),
    storage: new LocalObjectStorage(storageRoot),
    logger,
    pollIntervalMs: 50,
  });
  return { store, runner: service.runner };
}

describe('projections across a database outage', () => {
  let db: TestDatabase;
  let rebuilt: TestDatabase | undefined;
  let proxy: FaultyProxy;
  let storageRoot: string;

  beforeAll(async () => {
    db = await createTestDatabase('outage');
    await migrateAll(db.knex);
    const target = new URL(db.url);
    proxy = await startFaultyProxy({ host: target.hostname, port: Number(target.port) });
    storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-outage-'));
  });
  afterAll(async () => {
    await proxy.close();
    await rebuilt?.drop();
    await db.drop();
    await fs.rm(storageRoot, { recursive: true, force: true });
  });

  it('parks nothing while the database flaps and then refuses for 10 s, and every read model equals a fresh rebuild', async () => {
    // The writers reach the database directly, so events keep coming while the projectors are cut off.
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    const vault = new PersonalDataVault(db.knex);
    const users = userCommands({ store, vault });
    const claims = claimCommands({ store, vault });
    const owners = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, userId] of owners.entries()) {
      await users.register(
        {
          userId,
          personal: { email: `outage${i}@example.org`, firstName: `Vet${i}`, lastName: 'Outage' },
          memberTier: 'pro',
          authMethod: 'password',
        },
        { userId },
      );
    }

    // The projectors reach it through the proxy, which is about to fail.
    const proxiedUrl = proxy.url(db.url);
    const proxiedKnex = createKnex(proxiedUrl, { max: 10 });
    const lines: string[] = [];
    const projections = projectionsOn(proxiedKnex, proxiedUrl, storageRoot, lines);
    projections.runner.start();

    let writing = true;
    let written = 0;
    const filed: { userId: string; claimId: string }[] = [];
    const writer = async (seed: number) => {
      for (let i = 0; writing; i++) {
        const userId = owners[(seed + i) % owners.length]!;
        const mine = filed.filter((c) => c.userId === userId);
        const claim = mine[(i * 7 + seed) % Math.max(mine.length, 1)];
        const op = i % 4;
        if (!claim || op === 0) {
          const { claimId } = await claims.file(
            userId,
            { condition: `Condition ${seed}-${i}`, conditionType: 'primary', nextAction: null, priority: 'normal' },
            { userId },
          );
          filed.push({ userId, claimId });
        } else if (op === 1) {
          const status = CLAIM_STATUSES[(i + seed) % CLAIM_STATUSES.length] as ClaimStatus;
          await claims.changeStatus(userId, claim.claimId, status, `Moved on ${i}`, { userId }).catch(() => undefined);
        } else if (op === 2) {
          await claims.addNote(
            userId,
            claim.claimId,
            { note: `Note ${seed}-${i}`, noteType: 'general', isImportant: i % 3 === 0 },
            { userId },
          );
        } else {
          await claims.updateDetails(userId, claim.claimId, { priority: i % 2 ? 'high' : 'low', nextAction: `Call back ${i}` }, { userId });
        }
        written += 1;
        await sleep(15);
      }
    };
    const writers = Promise.all([0, 1, 2].map(writer));

    await sleep(1500);
    await proxy.setMode('flap');
    await sleep(5000);
    await proxy.setMode('refuse');
    await sleep(5000);
    await proxy.setMode('up');
    await sleep(1500);
    writing = false;
    await writers;
    expect(written).toBeGreaterThan(100);
    expect(proxy.stats().resets).toBeGreaterThan(10);

    await projections.runner.waitFor(await store.headPosition(), 60_000);
    await projections.runner.stop();
    await projections.store.close();
    await proxiedKnex.destroy();
    await store.close();

    expect(await db.knex('subscription_dead_letters')).toEqual([]);
    // One line when a projector starts waiting the fault out and one when it is past it: they alternate, and it ends recovered.
    const changes = lines.map((line) => JSON.parse(line) as { subscription?: string; state?: string }).filter((l) => l.state);
    const bySubscription = new Map<string, string[]>();
    for (const change of changes)
      bySubscription.set(change.subscription!, [...(bySubscription.get(change.subscription!) ?? []), change.state!]);
    // Every projector lived through the fault (counted from the runner, so a new projector needs no edit here).
    expect([...bySubscription.keys()].sort()).toEqual(projections.runner.subscriptionNames.sort());
    for (const states of bySubscription.values()) {
      expect(states.length % 2).toBe(0);
      states.forEach((state, i) => expect(state).toBe(i % 2 === 0 ? 'degraded' : 'recovered'));
    }

    // A fresh rebuild: the same events and keys in a new database, projected from the beginning without faults.
    rebuilt = await createTestDatabase('rebuilt');
    await migrateAll(rebuilt.knex);
    const { rows: events } = (await db.knex.raw(
      `select global_position::text as global_position, transaction_id::text as transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at from events`,
    )) as { rows: Record<string, unknown>[] };
    for (let i = 0; i < events.length; i += 200) {
      await rebuilt.knex('events').insert(
        events.slice(i, i + 200).map((e) => ({
          ...e,
          transaction_id: rebuilt!.knex.raw('?::xid8', [e.transaction_id as string]),
          data: JSON.stringify(e.data),
          metadata: JSON.stringify(e.metadata),
        })),
      );
    }
    await rebuilt.knex('personal_data_keys').insert(await db.knex('personal_data_keys').select('subject_id', 'key'));
    const fresh = projectionsOn(rebuilt.knex, rebuilt.url, storageRoot, []);
    fresh.runner.start();
    await fresh.runner.waitFor(await fresh.store.headPosition(), 60_000);
    await fresh.runner.stop();
    await fresh.store.close();

    const [after, rebuild] = [await readModels(db.knex), await readModels(rebuilt.knex)];
    expect(after.claims!.length).toBe(filed.length);
    for (const table of READ_MODELS) expect({ table, rows: after[table] }).toEqual({ table, rows: rebuild[table] });
  }, 120_000);
});
