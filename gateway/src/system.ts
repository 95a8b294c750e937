import type { Express } from 'express';
import { commandMigrations, createCommandService, LOCAL_UPLOAD_PREFIX } from '@cc/command-service';
import { createProjectionService, projectionMigrations } from '@cc/projection-service';
import { createOfflineEngine, openAiEngineFromEnv, startDocumentAnalysisWorker, type AnalysisEngine } from '@cc/ai-worker';
import { renderAnalysisReport } from '@cc/ai-worker/report/analysisReport';
import {
  createKnex,
  eventStoreMigrations,
  migrate,
  personalDataMigrations,
  PersonalDataVault,
  PostgresEventStore,
  type AppConfig,
  type GlobalPosition,
  type Knex,
  type Logger,
  type ObjectStorage,
} from '@cc/platform';
import { LocalObjectStorage } from '@cc/platform/storage/localStorage';
import { S3ObjectStorage } from '@cc/platform/storage/s3Storage';
import { accounts as createAccounts, type Accounts } from './auth/accounts';
import { createOidc } from './auth/oidc';
import { SessionStore } from './auth/sessions';
import { createApp } from './app';
import { gatewayMigrations } from './migrations';
import { healthRoutes } from './health';

export interface SystemOptions {
  config: AppConfig;
  logger: Logger;
  databaseUrl: string;
  frontendDist: string;
  /** scrypt cost; tests lower it. */
  scryptCost?: number;
  pollIntervalMs?: number;
  readYourWritesTimeoutMs?: number;
  throttle?: { perEmail: number; perAddress: number };
  /** The analysis engine; by default OpenAI when OPENAI_API_KEY is set, else the offline engine. */
  analysisEngine?: AnalysisEngine;
  /** How long an analyze request waits for its result before answering 202 (default 60 s). */
  analysisWaitMs?: number;
  /** Tests that run the worker themselves turn it off. */
  analysisWorker?: boolean;
}

export interface System {
  app: Express;
  knex: Knex;
  store: PostgresEventStore;
  accounts: Accounts;
  stop(): Promise<void>;
  projectionsRunning(): boolean;
}

/** Everything in one process: migrations, the event store, every service, and the gateway in front. */
export async function startSystem(options: SystemOptions): Promise<System> {
  const { config, logger } = options;
  const knex = createKnex(options.databaseUrl, { max: 20 });
  let migrationsDone = false;
  await migrate(knex, 'platform', [...eventStoreMigrations, ...personalDataMigrations]);
  await migrate(knex, 'gateway', gatewayMigrations);
  await migrate(knex, 'command', commandMigrations);
  await migrate(knex, 'projection', projectionMigrations);
  migrationsDone = true;

  const store = new PostgresEventStore({ knex, connectionString: options.databaseUrl, logger });
  // Positions stay increasing after a dump and restore; checked now so a problem shows at start.
  await store.ready();
  const vault = new PersonalDataVault(knex);
  const storage: ObjectStorage =
    config.objectStorage.kind === 's3'
      ? // Region and credentials come from the usual AWS variables; bucket and endpoint from the config.
        S3ObjectStorage.fromEnv({ ...process.env, S3_BUCKET: config.objectStorage.bucket, S3_ENDPOINT: config.objectStorage.endpoint })
      : new LocalObjectStorage(config.objectStorage.root);
  const projections = createProjectionService({ knex, store, vault, storage, logger, pollIntervalMs: options.pollIntervalMs });
  projections.runner.start();

  const readTimeout = options.readYourWritesTimeoutMs ?? 5000;
  const waitForReadModels = async (position: GlobalPosition) => {
    await projections.runner.waitFor(position, readTimeout).catch((error) => {
      logger.warn({ err: error }, 'read models are behind; answering with what they have');
    });
  };
  const commands = createCommandService({
    store,
    vault,
    knex,
    storage,
    readBack: { waitFor: waitForReadModels, claimDetail: projections.queries.claimDetail, document: projections.queries.document },
    analysis: { waitMs: options.analysisWaitMs ?? 60_000, renderReport: renderAnalysisReport },
  });
  const engine = options.analysisEngine ?? openAiEngineFromEnv(process.env) ?? createOfflineEngine();
  logger.info({ engine: engine.name, model: engine.model }, 'document analysis engine');
  const analysisWorker =
    options.analysisWorker === false
      ? undefined
      : startDocumentAnalysisWorker({
          store,
          storage,
          commands: commands.commandBus,
          engine,
          logger,
          pollIntervalMs: options.pollIntervalMs,
          concurrency: config.analysisConcurrency,
        });
  const sessions = new SessionStore(knex, (req) => req.secure || Boolean(config.publicUrl?.startsWith('https:')));
  const accounts = createAccounts({ knex, users: commands.users, adminEmails: config.adminEmails, scryptCost: options.scryptCost });
  const oidc = config.oidc
    ? createOidc({ config: config.oidc, publicUrl: config.publicUrl, knex, accounts, sessions, logger })
    : undefined;
  const findUser = projections.queries.findUserProfile;

  const app = createApp({
    config,
    logger,
    sessions,
    findUser,
    waitForReadModels,
    auth: { knex, accounts, sessions, findUser, waitForReadModels, oidc, throttle: options.throttle },
    health: healthRoutes({ knex, migrationsDone: () => migrationsDone, projectionsRunning: () => projections.runner.isRunning() }),
    serviceRoutes: [...commands.routes, ...projections.routes],
    frontendDist: options.frontendDist,
    rawUploadPrefix: LOCAL_UPLOAD_PREFIX,
    // Browsers PUT files straight to S3, so the page must be allowed to reach it.
    connectSources:
      config.objectStorage.kind === 's3'
        ? [config.objectStorage.endpoint ? new URL(config.objectStorage.endpoint).origin : 'https://*.amazonaws.com']
        : [],
  });

  const purge = setInterval(() => void sessions.purgeExpired().catch(() => undefined), 3_600_000);
  purge.unref();

  return {
    app,
    knex,
    store,
    accounts,
    projectionsRunning: () => projections.runner.isRunning(),
    async stop() {
      clearInterval(purge);
      await analysisWorker?.stop();
      await projections.runner.stop();
      await store.close();
      await knex.destroy();
    },
  };
}
