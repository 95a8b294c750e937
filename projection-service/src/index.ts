import type { Router } from 'express';
import type { Knex } from 'knex';
import type { EventStore, Logger, Migration, ObjectStorage, PersonalDataVault } from '@cc/platform';
import { aiProfileRoutes } from './aiProfile/routes';
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
import { ProjectionRunner } from './runner/projectionRunner';
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
import { chatProjector, chatUsageProjector } from './chat/projector';
import { chatExportForUser, chatHistory, findChatSession, veteranFile } from './chat/queries';
import { chatReadRoutes } from './chat/routes';

export { ProjectionRunner, checkpointName } from './runner/projectionRunner';
export type { Projector } from './runner/projector';
export { startVaFormsRefresh, type VaFormsRefresh } from './vaForms/catalogue';
export type { VaFormsApiConfig } from './vaForms/vaFormsApi';

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
];

export interface ProjectionServiceDeps {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  logger: Logger;
  pollIntervalMs?: number;
  now?: () => Date;
}

/** The read side: projectors that build read models, and the GET routes answered from them. */
export function createProjectionService(deps: ProjectionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const projectors = [
    userProfilesProjector(deps.vault),
    claimsProjector(deps.vault),
    claimHistoryProjector(deps.vault),
    activitiesProjector(deps.vault),
    documentsProjector(deps.vault),
    billingSubscriptionsProjector(),
    preferencesProjector(),
    notificationsProjector(deps.vault),
    dbqsProjector(),
    chatProjector(deps.vault),
    chatUsageProjector(),
  ];
  const runner = new ProjectionRunner({ store: deps.store, projectors, logger: deps.logger, pollIntervalMs: deps.pollIntervalMs });
  const routes: Router[] = [
    memberTierRoutes(), userProfileRoutes(deps.knex), claimReadRoutes(deps.knex, now), documentReadRoutes(deps.knex, deps.storage),
    aiProfileRoutes(deps.knex),
    billingReadRoutes(deps.knex, now),
    preferencesReadRoutes(deps.knex),
    notificationReadRoutes(deps.knex),
    referenceRoutes(), vaFormRoutes(deps.knex), dbqReadRoutes(deps.knex), deadlineReadRoutes(deps.knex, now), calculatorRoutes(now),
    chatReadRoutes(deps.knex, now),
  ];
  return {
    runner,
    routes,
    queries: {
      findUserProfile: (userId: string) => findUserProfile(deps.knex, userId),
      claimDetail: (userId: string, claimId: string) => findClaimDetail(deps.knex, userId, claimId, now()),
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
    },
    accountData: readSideAccountData({ ...deps, now }),
  };
}

export type ProjectionService = ReturnType<typeof createProjectionService>;
