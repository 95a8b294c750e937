import type { Express } from 'express';
import { commandMigrations, createCommandService, UPLOAD_PREFIX } from '@cc/command-service';
import { createProjectionService, projectionMigrations } from '@cc/projection-service';
import {
  createOfflineEngine,
  fieldAssistEngineFromEnv,
  fieldAssistRoutes,
  openAiEngineFromEnv,
  startDocumentAnalysisWorker,
  type AnalysisEngine,
  type FieldAssistEngine,
} from '@cc/ai-worker';
import { renderAnalysisReport } from '@cc/ai-worker/report/analysisReport';
import { renderTemplatePdf, templateFileName } from '@cc/ai-worker/pdforge/templatePdf';
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
import { administratorPolicy, ensureAdministrators } from './auth/administrators';
import { HashQueue, type HashQueueOptions } from './auth/hashQueue';
import { purgeRateLimits } from './middleware/rateLimit';
import { seedDemoAccounts } from './seed';
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
  /** Password hashing queue (concurrency, waiting room); defaults suit a 2-core machine. */
  hashing?: HashQueueOptions;
  /** How long a refused sign-up or sign-in (429, 503) is held before the answer; default 1 s. */
  refusalPauseMs?: number;
  /**
   * Demo accounts for a fresh database (the launcher's embedded one), printed with this function.
   * Seeded before the ADMIN_EMAILS accounts are made, since the seed only fills an empty store.
   */
  seedDemo?: (text: string) => void;
  /** The analysis engine; by default OpenAI when OPENAI_API_KEY is set, else the offline engine. */
  analysisEngine?: AnalysisEngine;
  /** How long an analyze request waits for its result before answering 202 (default 60 s). */
  analysisWaitMs?: number;
  /** Tests that run the worker themselves turn it off. */
  analysisWorker?: boolean;
  /** The wizard's field assist engine; by default OpenAI when OPENAI_API_KEY is set, else the offline one. */
  fieldAssistEngine?: FieldAssistEngine;
  /** How often ended upload addresses and their objects are removed (default every minute). */
  uploadSweepIntervalMs?: number;
  /** How long an upload's transfer may run (default 10 minutes); tests shorten it. */
  uploadTransferLimitMs?: number;
}

export interface System {
  app: Express;
  knex: Knex;
  store: PostgresEventStore;
  accounts: Accounts;
  hashes: HashQueue;
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
    templates: { render: renderTemplatePdf, fileName: templateFileName },
    uploadTransferLimitMs: options.uploadTransferLimitMs,
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
  const fieldAssist = fieldAssistRoutes({
    engine: options.fieldAssistEngine ?? fieldAssistEngineFromEnv(process.env),
    grounding: projections.queries.assistGrounding,
  });
  const sessions = new SessionStore(knex, (req) => req.secure || Boolean(config.publicUrl?.startsWith('https:')));
  const hashes = new HashQueue(options.hashing);
  const accounts = createAccounts({ knex, users: commands.users, scryptCost: options.scryptCost, hashes });
  const administrators = administratorPolicy(config.adminEmails);
  if (options.seedDemo) await seedDemoAccounts({ store, accounts }, options.seedDemo);
  // Before the app answers anyone, so a listed address is never open for someone else to register.
  await ensureAdministrators({ accounts, adminEmails: config.adminEmails, adminPassword: config.adminPassword, logger, waitForReadModels });
  const oidc = config.oidc
    ? createOidc({ config: config.oidc, publicUrl: config.publicUrl, knex, accounts, administrators, sessions, logger })
    : undefined;
  const findUser = projections.queries.findUserProfile;

  const app = createApp({
    config,
    logger,
    sessions,
    findUser,
    waitForReadModels,
    auth: {
      knex,
      accounts,
      administrators,
      hashes,
      sessions,
      findUser,
      waitForReadModels,
      oidc,
      throttle: options.throttle,
      ipLimitPerMinute: config.authIpLimitPerMinute,
      refusalPauseMs: options.refusalPauseMs,
    },
    health: healthRoutes({ knex, migrationsDone: () => migrationsDone, projectionsRunning: () => projections.runner.isRunning() }),
    serviceRoutes: [...commands.routes, ...projections.routes, fieldAssist],
    frontendDist: options.frontendDist,
    rawUploadPrefix: UPLOAD_PREFIX,
  });

  const purge = setInterval(() => {
    void sessions.purgeExpired().catch(() => undefined);
    void purgeRateLimits(knex).catch(() => undefined);
  }, 3_600_000);
  purge.unref();
  const sweepUploads = setInterval(
    () =>
      void commands.uploadGrants.sweep().then(
        ({ removed, kept, lastError }) => {
          if (removed > 0) logger.info({ removed }, 'removed ended upload addresses and their files');
          if (kept > 0) logger.warn({ kept, err: lastError }, 'could not remove the files of ended upload addresses; trying again later');
        },
        (error: unknown) => logger.warn({ err: error }, 'sweeping upload addresses failed; trying again later'),
      ),
    options.uploadSweepIntervalMs ?? 60_000,
  );
  sweepUploads.unref();

  return {
    app,
    knex,
    store,
    accounts,
    hashes,
    projectionsRunning: () => projections.runner.isRunning(),
    async stop() {
      clearInterval(purge);
      clearInterval(sweepUploads);
      await analysisWorker?.stop();
      await projections.runner.stop();
      await store.close();
      await knex.destroy();
    },
  };
}
