import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, createLogger, loadConfig, PersonalDataVault, PostgresEventStore } from '@cc/platform';
import { inlineProjection } from '@cc/projection-service';
import { KafkaBus } from '@cc/platform/bus/kafka/kafkaBus';
import { EventStoreDbEventStore } from '@cc/platform/eventstore/eventStoreDb';
import { createTestDatabase, type TestDatabase } from '@cc/platform/testing/database';
import { eventStoreFrom, STREAM_CATEGORIES } from './adapters';
import { openFoundation, type Foundation } from './foundation';

/**
 * The selection of the production adapters (docs/decisions/topology.md). Nothing listens on port 1, so these
 * prove that choosing EventStoreDB or Kafka builds their objects without waiting for a server
 * (both clients connect lazily), and that without the variables nothing of them is made or loaded.
 */
const logger = createLogger('silent');
const UNREACHABLE = { EVENTSTORE_CONNECTION_STRING: 'kurrentdb://127.0.0.1:1?tls=false', KAFKA_BROKERS: '127.0.0.1:1' };

describe('the event store and bus the configuration names', () => {
  let db: TestDatabase;
  let dataDir: string;
  const opened: Foundation[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('adapters');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-adapters-'));
  });

  afterAll(async () => {
    for (const foundation of opened) await foundation.close().catch(() => undefined);
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const open = async (env: Record<string, string>) => {
    const foundation = await openFoundation({
      config: loadConfig({ DATA_DIR: dataDir, ...env }),
      logger,
      databaseUrl: db.url,
      poolSize: 2,
    });
    opened.push(foundation);
    return foundation;
  };

  it('uses the PostgreSQL store, and the store itself as the bus, when neither variable is set', async () => {
    const foundation = await open({});
    expect(foundation.store).toBeInstanceOf(PostgresEventStore);
    expect(foundation.bus.kind).toBe('embedded');
    expect(foundation.bus.bus).toBe(foundation.store);
    expect(foundation.bus.startRelay).toBeUndefined();
  });

  it('builds the EventStoreDB store and the Kafka bus (with a relay to start) from the variables, without reaching either server', async () => {
    const started = Date.now();
    const foundation = await open(UNREACHABLE);
    expect(foundation.store).toBeInstanceOf(EventStoreDbEventStore);
    expect(foundation.bus.kind).toBe('kafka');
    expect(foundation.bus.bus).toBeInstanceOf(KafkaBus);
    expect(typeof foundation.bus.startRelay).toBe('function');
    // The bus's bookkeeping (bus_deliveries) is migrated with everything else.
    expect(await db.knex.schema.hasTable('bus_deliveries')).toBe(true);
    await foundation.close();
    opened.splice(opened.indexOf(foundation), 1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('chooses each on its own', async () => {
    const eventStoreOnly = await open({ EVENTSTORE_CONNECTION_STRING: UNREACHABLE.EVENTSTORE_CONNECTION_STRING });
    expect(eventStoreOnly.store).toBeInstanceOf(EventStoreDbEventStore);
    expect(eventStoreOnly.bus.bus).toBe(eventStoreOnly.store);
    const kafkaOnly = await open({ KAFKA_BROKERS: UNREACHABLE.KAFKA_BROKERS });
    expect(kafkaOnly.store).toBeInstanceOf(PostgresEventStore);
    expect(kafkaOnly.bus.bus).toBeInstanceOf(KafkaBus);
  });

  it('turns a connection string the client refuses into a ConfigError that says where, without the password', async () => {
    // The config's shape check lets these through; the client's parser does not.
    for (const connectionString of [
      'kurrentdb://admin:s3cret@127.0.0.1:1?nodePreference=sideways',
      'kurrentdb://admin:s3cret@127.0.0.1:1?tls=maybe',
    ]) {
      const config = loadConfig({ DATA_DIR: dataDir, EVENTSTORE_CONNECTION_STRING: connectionString });
      const refused = eventStoreFrom(config, {
        knex: db.knex,
        databaseUrl: db.url,
        logger,
        inline: inlineProjection(new PersonalDataVault(db.knex)),
      });
      await expect(refused).rejects.toThrow(ConfigError);
      await expect(refused).rejects.toThrow(
        /EVENTSTORE_CONNECTION_STRING: the EventStoreDB client refused it: expected .+ at position \d+/,
      );
      await expect(refused).rejects.not.toThrow(/s3cret/);
    }
  });

  it('reads every stream category the app writes', () => {
    expect(STREAM_CATEGORIES).toEqual(
      expect.arrayContaining(['user', 'claim', 'document', 'subscription', 'account', 'preferences', 'notifications', 'chat']),
    );
    expect(new Set(STREAM_CATEGORIES).size).toBe(STREAM_CATEGORIES.length);
  });

  it('loads no optional client and no library of a rare request at start in the embedded default', () => {
    // Loaded only when configured (gRPC and EventStoreDB, Kafka, S3, OIDC, the split services'
    // proxy, Stripe, OpenAI) or first used (PDFs, the outbox's messages): together they were about
    // three quarters of a second of every start.
    const notAtStart = [
      '@grpc',
      '@kurrent',
      'kafkajs',
      '@aws-sdk',
      'openid-client',
      'http-proxy-middleware',
      'stripe',
      'openai',
      'pdfmake',
      'pdfkit',
      'mailparser',
    ];
    // A fresh process: the one process's composition imported, then the CommonJS modules it loaded listed.
    const script = `
      await import(${JSON.stringify(path.resolve(__dirname, '../system.ts'))});
      const { createRequire } = await import('node:module');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      const packages = [...new Set(loaded.flatMap((file) => /node_modules[\\\\/]((?:@[^\\\\/]+)|[^\\\\/]+)/.exec(file)?.[1] ?? []))];
      console.log(JSON.stringify({ count: loaded.length, packages }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '../../..'),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { count: number; packages: string[] };
    expect(result.count).toBeGreaterThan(100);
    // The probe sees packages at all: these are on every request's path.
    expect(result.packages).toEqual(expect.arrayContaining(['express', 'knex', 'pg']));
    expect(result.packages.filter((name) => notAtStart.includes(name))).toEqual([]);
  }, 60_000);
});
