import type { Router } from 'express';
import type { Knex } from 'knex';
import type { PaymentProvider } from '@cc/contracts';
import { DecidedStates, type EventStore, type ObjectStorage, type PersonalDataVault } from '@cc/platform';
import { accountCommands } from './account/commands';
import { inProcessCommandBus } from './commandBus';
import { analysisCommands } from './documents/analysisCommands';
import { notificationCommands } from './notifications/commands';
import { notificationRoutes, type NotificationReadBack } from './notifications/routes';
import { preferenceCommands } from './settings/commands';
import { preferenceRoutes, type PreferencesReadBack } from './settings/routes';
import { profileRoutes, type ProfileReadBack } from './users/profileRoutes';
import { analysisRoutes, type AnalysisReportRenderer } from './documents/analysisRoutes';
import { documentCommands } from './documents/commands';
import { documentRoutes, type DocumentReadBack } from './documents/routes';
import { uploadGrants } from './documents/uploadGrants';
import { claimCommands } from './claims/commands';
import { claimRoutes, type ClaimReadBack } from './claims/routes';
import { userCommands } from './users/commands';
import { userRoutes } from './users/routes';
import { billingCommands } from './billing/commands';
import { billingRoutes, type BillingReadBack } from './billing/routes';
import { dbqCommands } from './dbqs/commands';
import { dbqRoutes, type DbqReadBack } from './dbqs/routes';
import { chatCommands } from './chat/commands';
import { chatSessionRoutes, type ChatReadBack } from './chat/routes';
import { staffRecords } from './staff/records';
import { pdforgeRoutes, type TemplateRenderer } from './pdforge/routes';
import { supportRequestCommands } from './supportRequests/commands';
import { supportRequestRoutes, type SupportRequestReadBack } from './supportRequests/routes';

export { userDecider } from './users/decider';
export { staffRecords, type StaffRecords } from './staff/records';
export { userCommands, type UserCommands } from './users/commands';
export { claimDecider } from './claims/decider';
export type { ClaimReadBack } from './claims/routes';
export type { DocumentReadBack } from './documents/routes';
export type { DbqReadBack } from './dbqs/routes';
export { dbqCatalogueDecider } from './dbqs/decider';
export { parseDbqPage, fetchDbqPage, bundledDbqEntries, type DbqSourceEntry } from './dbqs/dbqSource';
export { commandMigrations } from './migrations';
export { UPLOAD_PREFIX, UPLOAD_TRANSFER_LIMIT_MS, uploadGrants, type UploadGrants } from './documents/uploadGrants';
export type { AnalysisReportRenderer } from './documents/analysisRoutes';
export { subscriptionDecider, entitlementOf, guaranteeEndsAt, refundRefusal, type SubscriptionState } from './billing/decider';
export { customerDecider } from './billing/customerDecider';
export { BILLING_SERVICE, type BillingCommands } from './billing/commands';
export type { BillingReadBack } from './billing/routes';
export { accountCommands, type AccountCommands } from './account/commands';
export { storedFilesAccountData } from './accountData';
export { accountDecider } from './account/decider';
export type { NotificationCommands } from './notifications/commands';
export type { ProfileReadBack } from './users/profileRoutes';
export type { PreferencesReadBack } from './settings/routes';
export type { NotificationReadBack } from './notifications/routes';
export { chatDecider } from './chat/decider';
export { chatCommands, widgetSessionId, type AskedQuestion, type ChatCommands, type FailureReason } from './chat/commands';
export type { ChatReadBack } from './chat/routes';
export type { TemplateRenderer } from './pdforge/routes';
export { supportRequestDecider } from './supportRequests/decider';
export type { SupportRequestCommands } from './supportRequests/commands';
export type { SupportRequestReadBack } from './supportRequests/routes';

export interface CommandServiceDeps {
  store: EventStore;
  vault: PersonalDataVault;
  /** Lets command routes answer with the read model once it has caught up (wired by the gateway). */
  readBack: ClaimReadBack &
    DocumentReadBack &
    ProfileReadBack &
    PreferencesReadBack &
    NotificationReadBack &
    DbqReadBack &
    ChatReadBack &
    SupportRequestReadBack;
  knex: Knex;
  storage: ObjectStorage;
  now?: () => Date;
  /** How long an upload's transfer may run (default UPLOAD_TRANSFER_LIMIT_MS); tests shorten it. */
  uploadTransferLimitMs?: number;
  analysis: {
    /** How long `POST /api/documents/{id}/analyze` waits for the result before answering 202. */
    waitMs: number;
    renderReport: AnalysisReportRenderer;
  };
  /** Billing: the payment provider the gateway chose, and how to read the user's subscription. */
  billing?: {
    provider: PaymentProvider;
    readBack: BillingReadBack;
    currentSubscriptionId(userId: string): Promise<string | undefined>;
    publicUrl?: string;
  };
  /** VA's public DBQ page (DBQ_SYNC_URL), read by the administrators' DBQ sync. */
  dbqSyncUrl?: string;
  /** The pdfforge templates' PDF renderer (the gateway wires the pdfmake one). */
  templates: TemplateRenderer;
}

/** The write side: command handlers by aggregate, and the HTTP routes that call them. */
export function createCommandService(deps: CommandServiceDeps) {
  const users = userCommands(deps);
  const claims = claimCommands({ ...deps, decided: new DecidedStates() });
  const grants = uploadGrants(deps.knex, deps.storage, { now: deps.now, transferLimitMs: deps.uploadTransferLimitMs });
  const documents = documentCommands({ ...deps, grants });
  const analysis = analysisCommands(deps);
  const notifications = notificationCommands(deps);
  const preferences = preferenceCommands(deps);
  const account = accountCommands(deps);
  const dbqs = dbqCommands({ store: deps.store, dbqSyncUrl: deps.dbqSyncUrl });
  const chat = chatCommands(deps);
  const staff = staffRecords(deps);
  const supportRequests = supportRequestCommands(deps);
  const routes: Router[] = [
    userRoutes(users),
    profileRoutes(users, deps.readBack),
    preferenceRoutes(preferences, deps.readBack),
    notificationRoutes(notifications, deps.readBack),
    claimRoutes(claims, deps.readBack),
    documentRoutes(documents, deps.readBack),
    analysisRoutes(analysis, documents, deps.readBack, { ...deps.analysis, now: deps.now }),
    dbqRoutes(dbqs, deps.readBack),
    chatSessionRoutes(chat, deps.readBack),
    pdforgeRoutes({ store: deps.store, documents, readBack: deps.readBack, renderer: deps.templates, now: deps.now }),
    supportRequestRoutes(supportRequests, deps.readBack),
  ];
  const billing = deps.billing
    ? billingCommands({
        store: deps.store,
        provider: deps.billing.provider,
        now: deps.now,
        currentSubscriptionId: deps.billing.currentSubscriptionId,
      })
    : undefined;
  if (billing && deps.billing) routes.push(billingRoutes(billing, deps.billing.readBack, { publicUrl: deps.billing.publicUrl }));
  /** Where workers' commands arrive in the embedded topology. */
  const commandBus = inProcessCommandBus({ analysis, notifications, billing });
  return {
    users,
    claims,
    documents,
    analysis,
    notifications,
    preferences,
    account,
    billing,
    dbqs,
    chat,
    staff,
    supportRequests,
    commandBus,
    routes,
    uploadGrants: grants,
  };
}

export type CommandService = ReturnType<typeof createCommandService>;
