import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import pg from 'pg';
import { storedFilesAccountData, UPLOAD_PREFIX } from '@cc/command-service';
import { NOTIFICATIONS_WORKER, recordDueReminders, startDeadlineReminders, type DigestRun } from '@cc/notification-service';
import {
  checkpointWaiter,
  createProjectionService,
  deadlinesDueWithin,
  startVaFormsRefresh,
  type RebuildTuning,
} from '@cc/projection-service';
import { toUser } from '@cc/projection-service/userProfiles/queries';
import {
  createOfflineEngine,
  DOCUMENT_ANALYSIS_WORKER,
  openAiEngineFromEnv,
  startDocumentAnalysisWorker,
  type AnalysisEngine,
  type ChatEngine,
  type FieldAssistEngine,
} from '@cc/ai-worker';
import { billingServiceRoutes, startSubscriptionTierWorker, SUBSCRIPTION_TIER_WORKER, WEBHOOK_PATH } from '@cc/billing-service';
import { BILLING_SERVICE } from '@cc/command-service';
import { ACCOUNT_EVENT_TYPES, pickEventTypes, type PaymentProvider } from '@cc/contracts';
import {
  comparePositions,
  startWorker,
  type AccountDataContributor,
  type AppConfig,
  type EventStore,
  type GlobalPosition,
  type Knex,
  type Logger,
  type RecordedEvent,
  type Subscription,
} from '@cc/platform';
import { accountErasure } from './account/erasure';
import { accountRoutes } from './account/routes';
import { accounts as createAccounts, type Accounts } from './auth/accounts';
import { administratorPolicy, ensureAdministrators } from './auth/administrators';
import { HashQueue, type HashQueueOptions } from './auth/hashQueue';
import { purgeRateLimits } from './middleware/rateLimit';
import { userRateLimits } from './middleware/userRateLimits';
import { userRateLimitsFrom, type UserRateLimits } from './limits';
import { seedDemoAccounts } from './seed';
import { SessionStore } from './auth/sessions';
import { createApp } from './app';
import { healthRoutes } from './health';
import { composeAssistant } from './composition/assistant';
import { composeCommands } from './composition/commands';
import { composeNotifications } from './composition/notifications';
import { composeWeeklyDigest } from './composition/digest';
import { openFoundation } from './composition/foundation';
import { relayUnderLease } from './composition/relay';
import type { ForwardTargets } from './services/routing';

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
  /** The chat engine; by default OpenAI (or any compatible server) when OPENAI_API_KEY is set, else the offline engine. */
  chatEngine?: ChatEngine;
  /** Heartbeat comments on an open answer stream (default 15 s). */
  chatHeartbeatMs?: number;
  /** The wizard's field assist engine; by default OpenAI when OPENAI_API_KEY is set, else the offline one. */
  fieldAssistEngine?: FieldAssistEngine;
  /** How often ended upload addresses and their objects are removed (default every minute). */
  uploadSweepIntervalMs?: number;
  /** How long an upload's transfer may run (default 10 minutes); tests shorten it. */
  uploadTransferLimitMs?: number;
  /** The billing clock (test-mode renewals and cancellations at period end); tests move it themselves. */
  billingNow?: () => Date;
  /** Tests that advance the test-mode provider's clock themselves turn its timer off. */
  billingClock?: boolean;
  /** Tests that run the notifications worker themselves turn it off. */
  notificationsWorker?: boolean;
  /** How often due deadline reminders are looked for (default hourly; 0: never, tests run them with `recordDeadlineReminders`). */
  deadlineRemindersIntervalMs?: number;
  /** How often the weekly digest worker looks (default hourly; 0: never, tests run it with `runWeeklyDigest`). */
  weeklyDigestIntervalMs?: number;
  /** How often the VA forms are read from the VA Forms API when it is configured (default daily). */
  vaFormsRefreshIntervalMs?: number;
  /** Rebuild heartbeat and takeover timing (tests shorten them). */
  rebuild?: RebuildTuning;
  /** How often the change stream sends a heartbeat comment (tests shorten it). */
  changeStreamHeartbeatMs?: number;
  /** Per-user limits of the expensive routes over RATE_LIMIT_* and the defaults (limits.ts); tests lower them. */
  rateLimits?: Partial<UserRateLimits>;
  /**
   * One process per service (docs/decisions/topology.md): this process is then the gateway only. It runs no
   * projector and no worker, waits for the projection checkpoints in the shared database, and
   * forwards the command routes, the assistant's and the payment provider's to their services.
   */
  forward?: ForwardTargets;
}

export type { ForwardTargets };

export interface System {
  app: Express;
  /** Starts (another) notifications worker, for tests that run it themselves (`notificationsWorker: false`). */
  startNotificationsWorker(): Subscription;
  /** Records the deadline reminders owed now (what the hourly check does); resolves with how many were new. */
  recordDeadlineReminders(): Promise<number>;
  /** One run of the weekly digest worker (evidence watch, then the week's digests if not sent yet), at `now` when given. */
  runWeeklyDigest(now?: () => Date): Promise<DigestRun>;
  /** Where the embedded outbox writes its `.eml` files. */
  outboxDir: string;
  knex: Knex;
  /** PostgreSQL's, or EventStoreDB with EVENTSTORE_CONNECTION_STRING. */
  store: EventStore;
  accounts: Accounts;
  hashes: HashQueue;
  stop(): Promise<void>;
  projectionsRunning(): boolean;
  billing: {
    provider: PaymentProvider;
    /** Runs the test-mode provider's clock once (renewals, cancellations, grace); nothing with Stripe, whose clock is Stripe's. */
    advanceClock(): Promise<void>;
  };
  /** Reads the VA Forms API now (undefined when it is not configured); resolves with the forms kept or the error. */
  refreshVaForms(): Promise<number | Error> | undefined;
  /** Resolves once every projector has applied everything committed so far (tests). */
  readModelsCaughtUp(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once the in-process workers that append events (notifications, analysis, tiers,
   * erasure) have handled everything committed so far and every projector has applied what they
   * appended, repeated until the head stops moving (tests that compare read models with the log).
   */
  settled(timeoutMs?: number): Promise<void>;
  /** The projection service (its rebuilder, for tests and tools). */
  projections: ReturnType<typeof createProjectionService>;
}

/** Everything in one process: migrations, the event store, every service, and the gateway in front. */
export async function startSystem(options: SystemOptions): Promise<System> {
  const { config, logger } = options;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: options.databaseUrl,
    clientId: options.forward ? 'gateway' : 'claims-copilot',
    pollIntervalMs: options.pollIntervalMs,
  });
  const { knex, store, vault, storage, records } = foundation;
  const bus = foundation.bus.bus;
  const projections = createProjectionService({
    knex,
    store,
    vault,
    storage,
    logger,
    pollIntervalMs: options.pollIntervalMs,
    access: records.access,
    support: records.support,
    rebuild: { batchSize: config.rebuildBatchSize, ...options.rebuild },
    now: options.billingNow,
    announcer: foundation.announcer,
    // Served by the gateway in either topology; its LISTEN hears the projection service's announcements.
    changeStream: { connect: () => new pg.Client({ connectionString: options.databaseUrl }), heartbeatMs: options.changeStreamHeartbeatMs },
  });
  const split = options.forward;
  if (!split) projections.start();

  const readTimeout = options.readYourWritesTimeoutMs ?? 5000;
  const { runner } = projections;
  const checkpointsPassed = split ? checkpointWaiter(knex, runner.subscriptionFilters) : undefined;
  /**
   * Read-your-writes for the asynchronous read models (of `readModels` only, when the caller names
   * what it reads next; every one otherwise): the inline ones were committed with the append.
   */
  const waitForReadModels = async (position: GlobalPosition, readModels?: readonly string[]) => {
    const waiting = checkpointsPassed
      ? checkpointsPassed(position, readTimeout, runner.subscriptionNamesOf(readModels))
      : runner.waitFor(position, readTimeout, readModels);
    await waiting.catch((error) => {
      logger.warn({ err: error }, 'read models are behind; answering with what they have');
    });
  };
  const { commands, provider, deliverFact, advanceClock } = composeCommands({
    config,
    logger,
    foundation,
    queries: projections.queries,
    waitForReadModels,
    analysisWaitMs: options.analysisWaitMs,
    uploadTransferLimitMs: options.uploadTransferLimitMs,
    billingNow: options.billingNow,
  });
  // Split: the billing service runs these (and the ai-worker and notification service theirs, below).
  const tierWorker = split
    ? undefined
    : startSubscriptionTierWorker({ store, bus, commands: commands.commandBus, logger, pollIntervalMs: options.pollIntervalMs });
  const billingClock =
    split || options.billingClock === false || config.billing.kind !== 'test'
      ? undefined
      : setInterval(
          () =>
            void advanceClock().catch((error: unknown) =>
              logger.warn({ err: error }, 'test-mode billing clock failed; trying again later'),
            ),
          config.billing.clockIntervalMs,
        );
  billingClock?.unref();
  const vaForms = config.vaFormsApi
    ? startVaFormsRefresh({ knex, config: config.vaFormsApi, logger, intervalMs: options.vaFormsRefreshIntervalMs })
    : undefined;
  const engine = options.analysisEngine ?? openAiEngineFromEnv(process.env) ?? createOfflineEngine();
  logger.info({ engine: engine.name, model: engine.model }, 'document analysis engine');
  const analysisWorker =
    split || options.analysisWorker === false
      ? undefined
      : startDocumentAnalysisWorker({
          store,
          bus,
          storage,
          commands: commands.commandBus,
          engine,
          logger,
          pollIntervalMs: options.pollIntervalMs,
          concurrency: config.analysisConcurrency,
        });
  /** Support retries a parked event of a worker this process runs by running it through that worker again. */
  const retryInProcess = (worker: string, running: { handleAgain(event: RecordedEvent): Promise<void> } | undefined) => {
    if (!running) return;
    projections.registerDeadLetterHandler(`worker:${worker}`, async (event, settle) => {
      await running.handleAgain(event);
      await settle();
    });
  };
  retryInProcess(DOCUMENT_ANALYSIS_WORKER, analysisWorker);
  retryInProcess(SUBSCRIPTION_TIER_WORKER, tierWorker);
  const secureCookies = (req: { secure: boolean }) => req.secure || Boolean(config.publicUrl?.startsWith('https:'));
  const sessions = new SessionStore(knex, secureCookies);
  const assistantRoutes = composeAssistant({
    logger,
    chat: commands.chat,
    queries: projections.queries,
    chatEngine: options.chatEngine,
    chatHeartbeatMs: options.chatHeartbeatMs,
    fieldAssistEngine: options.fieldAssistEngine,
  });
  const hashes = new HashQueue(options.hashing);
  const accounts = createAccounts({ knex, users: commands.users, scryptCost: options.scryptCost, hashes });

  const {
    notifications,
    resets,
    startWorker: startNotifications,
  } = composeNotifications({
    config,
    logger,
    foundation,
    commands: commands.commandBus,
    queries: projections.queries,
    waitForReadModels,
    pollIntervalMs: options.pollIntervalMs,
  });
  const notificationsWorker = split || options.notificationsWorker === false ? undefined : startNotifications();
  retryInProcess(NOTIFICATIONS_WORKER, notificationsWorker);
  // With Kafka the workers above read what the relay publishes; in the split the projection service runs it.
  const relay = split ? undefined : relayUnderLease({ bus: foundation.bus, databaseUrl: options.databaseUrl, logger });
  const reminderDeps = { store, logger, deadlinesDue: (at: Date) => deadlinesDueWithin(knex, at, 30), now: options.billingNow };
  const deadlineReminders =
    split || options.deadlineRemindersIntervalMs === 0
      ? undefined
      : startDeadlineReminders({ ...reminderDeps, intervalMs: options.deadlineRemindersIntervalMs });
  const digest = composeWeeklyDigest({
    foundation,
    notifications,
    commands: commands.commandBus,
    queries: projections.queries,
    appUrl: config.appUrl,
    logger,
    intervalMs: options.weeklyDigestIntervalMs,
  });
  const weeklyDigest = split || options.weeklyDigestIntervalMs === 0 ? undefined : digest.start();

  /**
   * Every feature's share of the data export and of an account deletion (docs/decisions/privacy-and-erasure.md): the read
   * side's parts (profile, claims, documents, notifications, chat, subscriptions), the stored files,
   * the e-mail log, the subscriptions at the provider, sign-in. Erasure destroys the user's key first,
   * then runs them in this order (account/erasure.ts).
   */
  const accountData: AccountDataContributor[] = [
    ...projections.accountData,
    storedFilesAccountData(knex, storage),
    notifications.accountData,
    notifications.digestAccountData,
    {
      name: 'subscriptions',
      // Cancelled at the provider before the account goes, so nobody is charged for a deleted account.
      erase: async (userId) =>
        commands.billing?.endForErasure(userId, { userId: null, service: BILLING_SERVICE, correlationId: randomUUID() }),
    },
    {
      name: 'sign-in',
      async erase(userId) {
        await sessions.destroyAllOf(userId);
        await resets.forget(userId);
        await accounts.forget(userId);
      },
    },
  ];
  const erasure = accountErasure({
    contributors: accountData,
    vault,
    readModelsCaughtUp: async () => waitForReadModels(await store.headPosition()),
    deadCopies: foundation.deadCopies,
    logger,
  });
  // Finishes a deletion that a crash interrupted (the request itself runs the same steps first).
  const erasureWorker = startWorker(store, {
    name: 'account-erasure',
    filter: { types: pickEventTypes(ACCOUNT_EVENT_TYPES, ['AccountErased']) },
    pollIntervalMs: options.pollIntervalMs,
    onError: (error, context) => logger.error({ err: error, ...context }, 'account erasure worker: delivery failed'),
    handle: async (event) => erasure.complete((event.data as { userId: string }).userId),
  });
  const administrators = administratorPolicy(config.adminEmails);
  if (options.seedDemo) await seedDemoAccounts({ store, accounts }, options.seedDemo);
  // An empty DBQ catalogue is filled from the bundled one before the app answers anyone; after the
  // demo accounts, which are only made while the event store is still empty.
  const seededDbqs = await commands.dbqs.ensureCatalogue({ userId: null });
  if (seededDbqs) logger.info({ added: seededDbqs.added }, 'DBQ catalogue filled from the bundled catalogue');
  // Before the app answers anyone, so a listed address is never open for someone else to register.
  await ensureAdministrators({ accounts, adminEmails: config.adminEmails, adminPassword: config.adminPassword, logger, waitForReadModels });
  // openid-client and the proxy (split services) load only when configured: each is a tenth of a second of every start.
  const oidc = config.oidc
    ? (await import('./auth/oidc')).createOidc({
        config: config.oidc,
        publicUrl: config.publicUrl,
        knex,
        accounts,
        administrators,
        sessions,
        logger,
      })
    : undefined;
  const findUser = projections.queries.findUserProfile;

  // The same account routes in either topology: they answer for the session the gateway holds.
  const accountRouter = accountRoutes({
    knex,
    accounts,
    sessions,
    account: commands.account,
    resets,
    erasure,
    contributors: accountData,
    waitForReadModels,
    logger,
    secureCookies,
  });
  const app = createApp({
    config,
    logger,
    sessions,
    findUser,
    userOfProfile: store.inlineReadModels?.includes('user_profiles') ? toUser : undefined,
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
    health: healthRoutes({
      knex,
      migrationsDone: foundation.migrationsDone,
      projectionsRunning: () => Boolean(split) || projections.runner.isRunning(),
    }),
    serviceRoutes: split
      ? [
          ...projections.routes,
          ...notifications.routes,
          accountRouter,
          ...(await import('./services/routing')).forwardedRoutes(split, logger),
        ]
      : [
          ...commands.routes,
          ...projections.routes,
          billingServiceRoutes({ provider, deliver: deliverFact, logger }),
          ...notifications.routes,
          accountRouter,
          ...assistantRoutes,
        ],
    frontendDist: options.frontendDist,
    rawBodyPaths: [UPLOAD_PREFIX, WEBHOOK_PATH],
    userRateLimits: userRateLimits(knex, userRateLimitsFrom(process.env, options.rateLimits)),
    stripe: provider.kind === 'stripe',
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
    startNotificationsWorker: startNotifications,
    recordDeadlineReminders: () => recordDueReminders(reminderDeps),
    runWeeklyDigest: digest.runNow,
    outboxDir: notifications.outboxDir,
    knex,
    store,
    accounts,
    hashes,
    projectionsRunning: () => projections.runner.isRunning(),
    billing: { provider, advanceClock },
    refreshVaForms: () => vaForms?.refreshNow(),
    projections,
    async readModelsCaughtUp(timeoutMs = 10_000) {
      await projections.runner.waitFor(await store.headPosition(), timeoutMs);
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const workers = [notificationsWorker, analysisWorker, tierWorker, erasureWorker].filter((w) => w !== undefined);
      for (let head = await store.headPosition(); ;) {
        const left = () => Math.max(1, deadline - Date.now());
        await Promise.all(workers.map((worker) => worker.waitFor(head, left())));
        await projections.runner.waitFor(await store.headPosition(), left());
        const now = await store.headPosition();
        if (comparePositions(now, head) === 0) return;
        head = now;
      }
    },
    async stop() {
      await vaForms?.stop();
      clearInterval(purge);
      clearInterval(billingClock);
      await tierWorker?.stop();
      clearInterval(sweepUploads);
      await analysisWorker?.stop();
      await deadlineReminders?.stop();
      await weeklyDigest?.stop();
      await notificationsWorker?.stop();
      await erasureWorker.stop();
      await relay?.stop();
      notifications.mailer.close();
      await projections.stop();
      await foundation.close();
    },
  };
}
