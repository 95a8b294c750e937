import pg from 'pg';
import { commandMigrations, staffRecords, type StaffRecords } from '@cc/command-service';
import { notificationMigrations } from '@cc/notification-service';
import { inlineProjection, projectionMigrations, projectionRunnerMigrations, ReadModelChangeAnnouncer } from '@cc/projection-service';
import { analysisClaimMigrations } from '@cc/ai-worker';
import { billingMigrations } from '@cc/billing-service';
import {
  NotifyBatch,
  busMigrations,
  createKnex,
  deadCopyPurge,
  type DeadCopyPurge,
  eventStoreMigrations,
  migrate,
  personalDataMigrations,
  PersonalDataVault,
  type AppConfig,
  type EventStore,
  type Knex,
  type Logger,
  type ObjectStorage,
} from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { gatewayMigrations } from '../migrations';
import { busFrom, eventStoreFrom, type SelectedBus } from './adapters';

/** What every service process stands on: the database (migrated), the event store and bus the configuration names, the vault, object storage. */
export interface Foundation {
  knex: Knex;
  /** PostgreSQL's `events` table, or EventStoreDB with EVENTSTORE_CONNECTION_STRING. */
  store: EventStore;
  /** Where workers receive events: the store itself, or Kafka with KAFKA_BROKERS (then also how to start the relay). */
  bus: SelectedBus;
  vault: PersonalDataVault;
  /** Removes dead row versions and old WAL after an account erasure (docs/decisions/privacy-and-erasure.md). */
  deadCopies: DeadCopyPurge;
  storage: ObjectStorage;
  /** Staff reads and support actions, recorded as events (the command service's records). */
  records: StaffRecords;
  /** Tells every process's change stream whose rows a committed projection changed (inline appends and projectors alike). */
  announcer: ReadModelChangeAnnouncer;
  migrationsDone(): boolean;
  /** Closes the event store and the pool (after everything built on them has stopped). */
  close(): Promise<void>;
}

/**
 * knex's own migration lock refuses a second migrator instead of waiting for it, so the services
 * of a deployment starting together queue on a session advisory lock instead.
 */
async function oneAtATime(databaseUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended('claims-copilot:migrations', 0))");
    await work();
  } finally {
    // Ending the session releases the lock, whatever happened above.
    await client.end().catch(() => undefined);
  }
}

/**
 * Every process runs every migration before it starts, one process at a time: the first to start
 * migrates and the others find the work done.
 */
export async function openFoundation(options: {
  config: AppConfig;
  logger: Logger;
  databaseUrl: string;
  poolSize?: number;
  /** Names this process to Kafka (its service). */
  clientId?: string;
  pollIntervalMs?: number;
}): Promise<Foundation> {
  const { config, logger } = options;
  const knex = createKnex(options.databaseUrl, { max: options.poolSize ?? 20 });
  let migrationsDone = false;
  await oneAtATime(options.databaseUrl, async () => {
    await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
    await migrate(knex, 'bus', busMigrations);
    await migrate(knex, 'gateway', gatewayMigrations);
    await migrate(knex, 'command', commandMigrations);
    await migrate(knex, 'projection', projectionMigrations);
    await migrate(knex, 'billing', billingMigrations);
    await migrate(knex, 'notification', notificationMigrations);
    await migrate(knex, 'projection_runner', projectionRunnerMigrations);
    await migrate(knex, 'ai_worker', analysisClaimMigrations);
  });
  migrationsDone = true;

  // Listens for erasures made by any other process of the deployment, so none keeps using an erased key.
  // Made before the store, whose inline read models open sealed text with it.
  const vault = new PersonalDataVault(knex, {
    connectionString: options.databaseUrl,
    onListenError: (error) => logger.warn({ err: error }, 'lost the connection that hears about account erasures; making it again'),
  });
  // The store's append notices and the announcer's change notices that follow one commit go in one statement.
  const notices = new NotifyBatch(knex);
  const announcer = new ReadModelChangeAnnouncer(notices, (error) =>
    logger.warn({ err: error }, 'could not announce a read-model change; screens catch up on their next change or reconnect'),
  );
  let store: EventStore | undefined;
  let bus: SelectedBus;
  try {
    store = await eventStoreFrom(config, {
      knex,
      databaseUrl: options.databaseUrl,
      logger,
      inline: inlineProjection(vault, announcer),
      notices,
    });
    bus = await busFrom(config, {
      knex,
      store,
      logger,
      clientId: options.clientId ?? 'claims-copilot',
      pollIntervalMs: options.pollIntervalMs,
    });
  } catch (error) {
    await store?.close().catch(() => undefined);
    await vault.close().catch(() => undefined);
    await knex.destroy();
    throw error;
  }
  logger.info({ eventStore: config.eventStore.kind, bus: bus.kind }, 'event store and bus');
  const storage: ObjectStorage =
    config.objectStorage.kind === 's3'
      ? // Region and credentials come from the usual AWS variables; bucket and endpoint from the config.
        // The AWS SDK is loaded only here (a quarter of a second of every start otherwise).
        (await import('@cc/platform/storage/s3Storage')).S3ObjectStorage.fromEnv({
          ...process.env,
          S3_BUCKET: config.objectStorage.bucket,
          S3_ENDPOINT: config.objectStorage.endpoint,
        })
      : new LocalObjectStorage(config.objectStorage.root);
  return {
    knex,
    store,
    bus,
    vault,
    deadCopies: deadCopyPurge({ connectionString: options.databaseUrl, logger }),
    storage,
    records: staffRecords({ store }),
    announcer,
    migrationsDone: () => migrationsDone,
    async close() {
      await vault.close();
      await store.close();
      await announcer.settled();
      await knex.destroy();
    },
  };
}
