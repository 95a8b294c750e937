import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, InlineProjection, Logger, Migration, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { aiProfileRoutes } from './aiProfile/routes';
import { analyticsMigrations } from './analytics/migrations';
import { claimChangesProjector } from './analytics/claimChanges';
import { analyticsReadRoutes } from './analytics/routes';
import { billingMigrations } from './billing/migrations';
import { billingSubscriptionsProjector } from './billing/projector';
import { currentSubscription, currentSubscriptionId } from './billing/queries';
import { billingReadRoutes } from './billing/routes';
import { documentsMigrations } from './documents/migrations';
import { documentsProjector } from './documents/projector';
import { findDocument } from './documents/queries';
import { documentReadRoutes } from './documents/routes';
import { claimsMigrations } from './claims/migrations';
import { activitiesProjector, claimHistoryProjector, claimsProjector } from './claims/projectors';
import { findClaimDetail } from './claims/queries';
import { claimReadRoutes } from './claims/routes';
import { memberTierRoutes } from './memberTiers/routes';
import { checkpointName, ProjectionRunner } from './runner/projectionRunner';
import { ProjectionRebuilder, type ProjectionRebuilderOptions } from './runner/rebuild';
import { accessLogMigrations } from './staff/accessLogMigrations';
import { staffSearchMigrations } from './staff/searchMigrations';
import { isSetBased, type ReadModelProjector } from './runner/projectEvents';
import { inlineReadModels } from './runner/inlineProjections';
import { accessLogProjector } from './staff/accessLogProjector';
import type { StaffAccessRecorder } from './staff/access';
import { staffRoutes } from './staff/routes';
import { supportRoutes, type DeadLetterHandler, type SupportRecorder } from './support/routes';
import { tierHistoryMigrations } from './tierHistory/migrations';
import { tierHistoryProjector } from './tierHistory/projector';
import { userProfilesMigrations } from './userProfiles/migrations';
import { userProfilesProjector } from './userProfiles/projector';
import { findUserProfile } from './userProfiles/queries';
import { userProfileRoutes } from './userProfiles/routes';
import { readSideAccountData } from './account/accountData';
import { notificationsMigrations } from './notifications/migrations';
import { notificationsProjector } from './notifications/projector';
import { countUnread, findNotification } from './notifications/queries';
import { notificationReadRoutes } from './notifications/routes';
import { settingsMigrations } from './settings/migrations';
import { preferencesProjector } from './settings/projector';
import { findPreferences } from './settings/queries';
import { preferencesReadRoutes } from './settings/routes';
import { calculatorRoutes } from './calculators/routes';
import { dbqsMigrations } from './dbqs/migrations';
import { dbqsProjector } from './dbqs/projector';
import { findDbq } from './dbqs/queries';
import { dbqReadRoutes } from './dbqs/routes';
import { deadlineReadRoutes } from './deadlines/routes';
import { referenceRoutes } from './reference/routes';
import { vaFormsMigrations } from './vaForms/migrations';
import { vaFormRoutes } from './vaForms/routes';
import { chatMigrations } from './chat/migrations';
import { strategyReadRoutes } from './strategy/routes';
import { evidenceMigrations } from './evidence/migrations';
import { evidenceProjector } from './evidence/projector';
import { evidenceReadRoutes, evidenceStaffRoutes } from './evidence/routes';
import { chatProjector, chatUsageProjector } from './chat/projector';
import { chatExportForUser, chatHistory, findChatSession, veteranFile } from './chat/queries';
import { chatReadRoutes } from './chat/routes';
import { assistGrounding } from './pdforge/grounding';
import type { ReadModelChangeAnnouncer } from './changes/announcer';
import { ReadModelChangeFeed, type NotificationConnection } from './changes/changeFeed';
import { changeStreamRoutes, type ChangeStreamOptions } from './changes/routes';
import { supportRequestsMigrations } from './supportRequests/migrations';
import { supportRequestsProjector } from './supportRequests/projector';
import { findStaffSupportThread, findSupportRequest } from './supportRequests/queries';
import { supportQueueRoutes, supportRequestReadRoutes } from './supportRequests/routes';

export { ProjectionRunner, checkpointName } from './runner/projectionRunner';
export { ReadModelChangeAnnouncer } from './changes/announcer';
export type { NotificationConnection } from './changes/changeFeed';
export { READ_MODEL_CHANGES_CHANNEL } from './changes/notices';
export { checkpointWaiter } from './runner/checkpointWait';
export { ProjectionRebuilder, UnknownProjectionError, rebuildSubscriptionName, type RebuildRequest } from './runner/rebuild';
export { projectionRunnerMigrations } from './runner/rebuildMigrations';
export type { Projector } from './runner/projector';
export type { SetBasedProjector } from './runner/setBasedProjector';
export type { ReadModelProjector } from './runner/projectEvents';
export { deadlinesDueWithin, type DeadlinesDue } from './deadlines/queries';
export * as digestQueries from './digest/queries';
export { startVaFormsRefresh, type VaFormsRefresh } from './vaForms/catalogue';
export type { VaFormsApiConfig } from './vaForms/vaFormsApi';

export type { StaffAccess, StaffAccessRecorder } from './staff/access';
export type { DeadLetterHandler, SupportRecorder, SupportMetadata } from './support/routes';

/** Every read model's migrations, in order. A rebuild replays them into its scratch schema. */
export const projectionMigrations: Migration[] = [
  ...userProfilesMigrations,
  ...claimsMigrations,
  ...documentsMigrations,
  ...billingMigrations,
  ...settingsMigrations,
  ...notificationsMigrations,
  ...dbqsMigrations,
  ...vaFormsMigrations,
  ...chatMigrations,
  ...evidenceMigrations,
  ...accessLogMigrations,
  ...tierHistoryMigrations,
  ...staffSearchMigrations,
  ...analyticsMigrations,
  ...supportRequestsMigrations,
];

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  logger: Logger;
  pollIntervalMs?: number;
  now?: () => Date;
  /** Records staff reads (StaffAccessRecorded); without it the staff routes are not mounted. */
  access?: StaffAccessRecorder;
  /** Records support actions; without it the support routes are not mounted. */
  support?: SupportRecorder;
  /** Rebuild tuning (tests shorten the heartbeat). */
  rebuild?: RebuildTuning;
  /** Announces whose rows each committed batch changed (the change stream); none without it. */
  announcer?: ReadModelChangeAnnouncer;
  /**
   * Serves the signed-in user's change stream (`GET /api/read-models/changes`) from a LISTEN
   * connection of its own, made by `connect`; the route is not mounted without it.
   */
  changeStream?: ChangeStreamOptions & { connect: () => NotificationConnection };
}

/**
 * Rebuild timing, and for tests the batch size and a hold before the swap (the browser test keeps
 * a rebuild running long enough to watch its progress).
 */
export type RebuildTuning = Pick<ProjectionRebuilderOptions, 'heartbeatMs' | 'staleAfterMs' | 'batchSize' | 'beforeSwap'> & {
  supervisorIntervalMs?: number;
};

/** Every read model's projector. */
export function readModelProjectors(vault: PersonalDataVault): ReadModelProjector[] {
  return [
    userProfilesProjector(vault),
    claimsProjector(vault),
    claimHistoryProjector(vault),
    activitiesProjector(vault),
    documentsProjector(vault),
    accessLogProjector(),
    tierHistoryProjector(),
    billingSubscriptionsProjector(),
    preferencesProjector(),
    notificationsProjector(vault),
    dbqsProjector(),
    chatProjector(vault),
    chatUsageProjector(),
    evidenceProjector(vault),
    claimChangesProjector(),
    supportRequestsProjector(vault),
  ];
}

/**
 * The read models kept inline by the PostgreSQL store: in the append's own transaction, through the
 * same set-based projectors (docs/decisions/read-side.md). The ones a veteran reads right after a
 * command: the claim views (the claim with its notes, its history, the dashboard's recent
 * activity), the document repository, and the user profile (which also says who is signed in, read
 * by every request). And the staff access log, so that a staff read's record and its log entry are
 * one transaction and the read leaves its session no projection to wait for (staff/access.ts).
 * Every other read model stays asynchronous, and so do these on EventStoreDB, whose appends cannot
 * share a transaction with PostgreSQL.
 */
export const INLINE_READ_MODELS: readonly string[] = [
  'claims',
  'claim_history',
  'activities',
  'documents',
  'user_profiles',
  'staff_access_log',
];

/** The PostgreSQL store's `inline` option: every process that appends to the app's database passes it. */
export function inlineProjection(vault: PersonalDataVault, announcer?: ReadModelChangeAnnouncer): InlineProjection {
  return inlineReadModels(
    readModelProjectors(vault)
      .filter(isSetBased)
      .filter((projector) => INLINE_READ_MODELS.includes(projector.name)),
    announcer,
  );
}

/** The read side: projectors that build read models, and the GET routes answered from them. */
export function createProjectionService(deps: ProjectionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const projectors = readModelProjectors(deps.vault);
  const runner = new ProjectionRunner({
    store: deps.store,
    projectors,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    announcer: deps.announcer,
  });
  const changeFeed = deps.changeStream ? new ReadModelChangeFeed(deps.changeStream.connect, deps.logger) : undefined;
  const rebuilder = new ProjectionRebuilder({
    knex: deps.knex,
    store: deps.store,
    projectors,
    readModelMigrations: projectionMigrations,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    heartbeatMs: deps.rebuild?.heartbeatMs,
    staleAfterMs: deps.rebuild?.staleAfterMs,
    batchSize: deps.rebuild?.batchSize,
    beforeSwap: deps.rebuild?.beforeSwap,
    onFinished: deps.support ? async (status) => void (await deps.support!.rebuildFinished(status)) : undefined,
  });
  /** Dead-letter retry: projections here, workers as the gateway registers them. */
  const workerHandlers = new Map<string, DeadLetterHandler>();
  const deadLetterHandler = (subscription: string): DeadLetterHandler | undefined => {
    if (projectors.some((p) => checkpointName(p) === subscription)) {
      return (event, settle) => runner.projectAgain(deps.knex, subscription, event, (trx) => settle(trx)).then(() => undefined);
    }
    return workerHandlers.get(subscription);
  };
  const routes: Router[] = [
    memberTierRoutes(),
    userProfileRoutes(deps.knex),
    claimReadRoutes(deps.knex, now, deps.access),
    documentReadRoutes(deps.knex, deps.storage),
    aiProfileRoutes(deps.knex),
    billingReadRoutes(deps.knex, now),
    preferencesReadRoutes(deps.knex),
    notificationReadRoutes(deps.knex),
    referenceRoutes(),
    vaFormRoutes(deps.knex),
    dbqReadRoutes(deps.knex),
    deadlineReadRoutes(deps.knex, now),
    calculatorRoutes(now),
    chatReadRoutes(deps.knex, now),
    evidenceReadRoutes({ knex: deps.knex, store: deps.store, vault: deps.vault }),
    analyticsReadRoutes(deps.knex, now),
    strategyReadRoutes(deps.knex, now),
    ...(changeFeed ? [changeStreamRoutes(changeFeed, deps.changeStream)] : []),
    supportRequestReadRoutes(deps.knex),
    ...(deps.access ? [supportQueueRoutes(deps.knex, deps.access)] : []),
    ...(deps.access ? [staffRoutes({ knex: deps.knex, store: deps.store, vault: deps.vault, access: deps.access, now })] : []),
    ...(deps.access ? [evidenceStaffRoutes({ knex: deps.knex, store: deps.store, vault: deps.vault, access: deps.access })] : []),
    ...(deps.access && deps.support
      ? [
          supportRoutes({
            knex: deps.knex,
            store: deps.store,
            vault: deps.vault,
            runner,
            rebuilder,
            deadLetterHandler,
            support: deps.support,
            access: deps.access,
          }),
        ]
      : []),
  ];
  return {
    runner,
    rebuilder,
    projectors,
    routes,
    /** Starts the projectors and the rebuild supervisor (which takes over rebuilds whose process stopped). */
    start() {
      runner.start();
      rebuilder.startSupervisor(deps.rebuild?.supervisorIntervalMs);
    },
    async stop() {
      await changeFeed?.close();
      await rebuilder.stop();
      await runner.stop();
    },
    registerDeadLetterHandler(subscription: string, handler: DeadLetterHandler) {
      workerHandlers.set(subscription, handler);
    },
    queries: {
      findUserProfile: (userId: string) => findUserProfile(deps.knex, userId),
      claimDetail: (userId: string, claimId: string, alongside?: Knex.Raw) => findClaimDetail(deps.knex, userId, claimId, now(), alongside),
      document: (userId: string, documentId: string) => findDocument(deps.knex, userId, documentId),
      subscription: (userId: string) => currentSubscription(deps.knex, userId, now()),
      currentSubscriptionId: (userId: string) => currentSubscriptionId(deps.knex, userId),
      preferences: (userId: string) => findPreferences(deps.knex, userId),
      notification: (userId: string, id: string) => findNotification(deps.knex, userId, id),
      unreadNotifications: (userId: string) => countUnread(deps.knex, userId),
      dbq: (dbqId: string) => findDbq(deps.knex, dbqId),
      chatSession: (userId: string, sessionId: string) => findChatSession(deps.knex, userId, sessionId),
      /** The veteran's claims, documents and analyses, read by the chat assistant per question. */
      veteranFile: (userId: string) => veteranFile(deps.knex, userId, now()),
      chatHistory: (userId: string, sessionId: string) => chatHistory(deps.knex, userId, sessionId),
      /** Everything chat keeps about a user, for the data export. */
      chatExportForUser: (userId: string) => chatExportForUser(deps.knex, userId),
      /** The claims and analyses the wizard's AI assist is grounded in. */
      assistGrounding: (userId: string) => assistGrounding(deps.knex, userId, now()),
      supportRequest: (userId: string, requestId: string) => findSupportRequest(deps.knex, userId, requestId),
      staffSupportThread: (requestId: string) => findStaffSupportThread(deps.knex, requestId),
    },
    accountData: readSideAccountData({ ...deps, now, projectors }),
  };
}

export type ProjectionService = ReturnType<typeof createProjectionService>;
