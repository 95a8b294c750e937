import { z } from 'zod';
import { CLAIM_PRIORITIES, CLAIM_STATUSES, CONDITION_TYPES, SELECTABLE_NOTE_TYPES } from './claims';
import { analysisTypeSchema } from './analysis';
import { MEMBER_TIER_NAMES } from './tiers';
import { BILLING_CYCLES, CANCEL_REASONS, PAID_TIERS, PAYMENT_PROVIDERS } from './billing';
import { NOTIFICATION_KINDS, preferencesSchema } from './settings';
import { DEADLINE_KINDS } from './deadlines';
import { CHAT_ORIGINS, chatEngineInfo } from './chat';

/** The staff roles (contracts/src/roles.ts `Role`), as events record them. */
export const STAFF_ROLES = ['administrator', 'adjudicator', 'support'] as const;

/**
 * Every event type, its current schema version and its zod schema. An event stored at an older
 * version is upcast on read (see `upcasters`), so consumers only ever see the current shape.
 */

/** Personal data sealed with the user's own key (AES-256-GCM), so erasing the key erases the data. */
export const sealedData = z.object({ alg: z.literal('A256GCM'), iv: z.string(), tag: z.string(), data: z.string() });
export type SealedData = z.infer<typeof sealedData>;

/**
 * A document's SHA-256, sealed (`{ sha256 }`) like its name: the hash of a known file says which
 * file it is, and must go with the key. Version 1 of `DocumentRegistered` kept it in the clear as
 * `sha256`; its upcast gives that as `{ plain }` (those events are immutable, so it stays readable).
 */
export const documentDigest = z.union([z.object({ sealed: sealedData }), z.object({ plain: z.string() })]);
export type DocumentDigest = z.infer<typeof documentDigest>;

export const userPersonalData = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type UserPersonalData = z.infer<typeof userPersonalData>;

export const userProfileChanges = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    bio: z.string().nullable(),
    branchOfService: z.string().nullable(),
    yearsServed: z.number().int().nullable(),
    dischargeType: z.string().nullable(),
    disabilityRating: z.number().int().nullable(),
    operationTheaters: z.array(z.string()),
    mos: z.string().nullable(),
    subMos: z.string().nullable(),
    awards: z.array(z.string()),
    devices: z.array(z.string()),
    profileImageUrl: z.string().nullable(),
    vaFileNumber: z.string().nullable(),
    ssnLast4: z.string().nullable(),
  })
  .partial();
export type UserProfileChanges = z.infer<typeof userProfileChanges>;

export const USER_TIER_CHANGE_REASONS = ['administrator', 'subscription', 'operator'] as const;

export const eventSchemas = {
  UserRegistered: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      memberTier: z.enum(MEMBER_TIER_NAMES),
      authMethod: z.enum(['password', 'oidc']),
      /** Sealed {@link UserPersonalData}. */
      personal: sealedData,
    }),
  },
  UserProfileUpdated: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      /** Sealed {@link UserProfileChanges}: names, contact and service details are personal data. */
      personal: sealedData,
      changedFields: z.array(z.string()),
    }),
  },
  UserTierChanged: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      from: z.enum(MEMBER_TIER_NAMES),
      to: z.enum(MEMBER_TIER_NAMES),
      /**
       * Who changed it: an administrator in the app, the billing subscription, or an operator at the
       * command line (`npm run admin`). 'operator' was added later; adding a value only widens the
       * schema, so every stored event still parses at version 1 and no upcaster is needed.
       */
      reason: z.enum(USER_TIER_CHANGE_REASONS),
    }),
  },
  /** On the user's stream: serialises the plan's claim limit and numbers the user's claims. */
  UserClaimRegistered: {
    version: 1,
    schema: z.object({ userId: z.string(), claimId: z.string(), claimNumber: z.string() }),
  },
  ClaimFiled: {
    version: 1,
    schema: z.object({
      claimId: z.string(),
      userId: z.string(),
      claimNumber: z.string(),
      /** Sealed {@link ClaimText}: the condition and next action are health information. */
      text: sealedData,
      conditionType: z.enum(CONDITION_TYPES),
      priority: z.enum(CLAIM_PRIORITIES),
      estimatedDecisionDate: z.string().nullable(),
      filedAt: z.string(),
    }),
  },
  ClaimStatusChanged: {
    version: 1,
    schema: z.object({
      claimId: z.string(),
      userId: z.string(),
      from: z.enum(CLAIM_STATUSES),
      to: z.enum(CLAIM_STATUSES),
      progressPercentage: z.number().int(),
      /** Sealed `{ note }`, or null when the change came without a note. */
      note: sealedData.nullable(),
    }),
  },
  ClaimRatingChanged: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), from: z.number().int().nullable(), to: z.number().int().nullable() }),
  },
  ClaimNoteAdded: {
    version: 1,
    schema: z.object({
      claimId: z.string(),
      userId: z.string(),
      noteId: z.string(),
      noteType: z.enum(SELECTABLE_NOTE_TYPES),
      isImportant: z.boolean(),
      /** Sealed `{ note }`. */
      note: sealedData,
    }),
  },
  ClaimPriorityChanged: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), from: z.enum(CLAIM_PRIORITIES), to: z.enum(CLAIM_PRIORITIES) }),
  },
  ClaimNextActionChanged: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), nextAction: sealedData.nullable() }),
  },
  ClaimDecisionDateEstimated: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  },
  /** On the user's stream: serialises the plan's document limit (a removed document frees its slot). */
  UserDocumentRegistered: { version: 1, schema: z.object({ userId: z.string(), documentId: z.string() }) },
  UserDocumentRemoved: { version: 1, schema: z.object({ userId: z.string(), documentId: z.string() }) },
  DocumentRegistered: {
    version: 2,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      /** Sealed `{ fileName }`: a file name often carries a name or a diagnosis. */
      name: sealedData,
      fileType: z.string(),
      detectedType: z.string(),
      fileSize: z.number().int(),
      objectPath: z.string(),
      digest: documentDigest,
      claimId: z.string().nullable(),
      /** Set on a report generated from an analysis: which document and analysis it reports on. */
      reportOf: z.object({ documentId: z.string(), analysisId: z.string() }).optional(),
      /** Set on a PDF made from a pdfforge template (issue 13): which template. */
      generatedFrom: z.object({ templateId: z.string() }).optional(),
    }),
  },
  DocumentLinkedToClaim: {
    version: 1,
    schema: z.object({ documentId: z.string(), userId: z.string(), claimId: z.string().nullable() }),
  },
  DocumentDeleted: { version: 1, schema: z.object({ documentId: z.string(), userId: z.string() }) },
  /** On the user's stream: serialises the plan's monthly analysis quota. */
  UserDocumentAnalysisStarted: {
    version: 1,
    schema: z.object({ userId: z.string(), documentId: z.string(), analysisId: z.string(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  },
  /** On the user's stream: an analysis that failed or never started gives its quota back. */
  UserDocumentAnalysisRefunded: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      documentId: z.string(),
      analysisId: z.string(),
      /**
       * The month the analysis counted in, so the user's state needs no list of past analyses. Always
       * written since issue 19; refunds stored before it lack it and are matched to their start.
       */
      month: z.string().regex(/^\d{4}-\d{2}$/).optional(),
    }),
  },
  /** The document is being analysed (processing). Carries what the worker needs to read the file. */
  DocumentAnalysisRequested: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      objectPath: z.string(),
      detectedType: z.string(),
      fileSize: z.number().int(),
      requestedAt: z.string(),
    }),
  },
  DocumentAnalysisCompleted: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      /** Which engine and model produced the result (not personal, kept readable for audit). */
      engine: z.object({ name: z.string(), model: z.string() }),
      /** Sealed {@link AnalysisResult}: conditions and sentences from medical records. */
      result: sealedData,
      /** The document's sealed `{ fileName }`, so the activity can name it. */
      name: sealedData,
    }),
  },
  DocumentAnalysisFailed: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      /** Why, in words a veteran can act on; never document text. */
      reason: z.string(),
    }),
  },
  /** On the claim's stream, so the claim's history shows the document that was added. */
  ClaimDocumentAdded: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), documentId: z.string(), name: sealedData }),
  },
  // --- Billing (issue 15): the stream `subscription-<id>` and the user's `billing-customer-<userId>`. ---
  // Amounts are in cents; times are ISO strings; no personal data (plan names, amounts, provider ids).
  SubscriptionCheckoutStarted: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      provider: z.enum(PAYMENT_PROVIDERS),
      /** The provider's subscription; null until the provider makes one (Stripe's hosted checkout). */
      providerSubscriptionId: z.string().nullable(),
      customerId: z.string(),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      /** The list price of one cycle. */
      amount: z.number().int(),
      currency: z.string(),
      startedAt: z.string(),
    }),
  },
  CouponApplied: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      couponId: z.string(),
      code: z.string(),
      name: z.string(),
      percentOff: z.number().nullable(),
      amountOff: z.number().int().nullable(),
      /** What the first payment comes to with the coupon. */
      amountDue: z.number().int(),
      providerSubscriptionId: z.string(),
      appliedAt: z.string(),
    }),
  },
  SubscriptionActivated: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      providerSubscriptionId: z.string(),
      paymentId: z.string(),
      amountPaid: z.number().int(),
      currency: z.string(),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      activatedAt: z.string(),
    }),
  },
  SubscriptionRenewed: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      planName: z.string(),
      paymentId: z.string(),
      amountPaid: z.number().int(),
      currency: z.string(),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      renewedAt: z.string(),
    }),
  },
  SubscriptionPaymentFailed: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      paymentId: z.string(),
      amountDue: z.number().int(),
      currency: z.string(),
      /** The provider's words, e.g. "Your card was declined." */
      reason: z.string(),
      /** incomplete: the first payment failed (nothing changes); past_due: a renewal failed (the grace period runs). */
      status: z.enum(['incomplete', 'past_due']),
      failedAt: z.string(),
    }),
  },
  SubscriptionCancellationScheduled: {
    version: 1,
    schema: z.object({ subscriptionId: z.string(), userId: z.string(), planName: z.string(), cancelAt: z.string(), requestedAt: z.string() }),
  },
  SubscriptionResumed: {
    version: 1,
    schema: z.object({ subscriptionId: z.string(), userId: z.string(), planName: z.string(), currentPeriodEnd: z.string(), resumedAt: z.string() }),
  },
  SubscriptionPlanChanged: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      fromTierName: z.enum(PAID_TIERS),
      fromCycle: z.enum(BILLING_CYCLES),
      tierName: z.enum(PAID_TIERS),
      cycle: z.enum(BILLING_CYCLES),
      planName: z.string(),
      amount: z.number().int(),
      changedAt: z.string(),
    }),
  },
  /** A renewal stayed unpaid past the provider's grace period (its retries): the plan's features end. */
  SubscriptionMarkedUnpaid: {
    version: 1,
    schema: z.object({ subscriptionId: z.string(), userId: z.string(), planName: z.string(), markedAt: z.string() }),
  },
  SubscriptionCanceled: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      tierName: z.enum(PAID_TIERS),
      planName: z.string(),
      reason: z.enum(CANCEL_REASONS),
      canceledAt: z.string(),
    }),
  },
  SubscriptionRefunded: {
    version: 1,
    schema: z.object({
      subscriptionId: z.string(),
      userId: z.string(),
      planName: z.string(),
      refundId: z.string(),
      amountRefunded: z.number().int(),
      currency: z.string(),
      refundedAt: z.string(),
    }),
  },
  /** On `billing-customer-<userId>`: the provider's customer for this user. */
  BillingCustomerCreated: {
    version: 1,
    schema: z.object({ userId: z.string(), provider: z.enum(PAYMENT_PROVIDERS), customerId: z.string() }),
  },
  /**
   * On `billing-customer-<userId>`: what one subscription entitles the user to now (a paid tier, or
   * nothing), and the tier that follows from all of them; the user's tier is then set to it.
   */
  BillingEntitlementChanged: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      tierName: z.enum(PAID_TIERS).nullable(),
      effectiveTier: z.enum(['free', ...PAID_TIERS]),
    }),
  },
  // ── Settings, notifications and account (issue 14) ─────────────────────────────────────────
  /** On `preferences-<userId>`: the whole new preferences (not personal data) and which keys changed. */
  UserPreferencesChanged: {
    version: 1,
    schema: z.object({ userId: z.string(), preferences: preferencesSchema, changed: z.array(z.string()) }),
  },
  /**
   * On the user's stream, beside the usage that reached it: the month's AI allowance of the plan is
   * used up (the notifications worker tells the user). Chat questions use the same event.
   */
  UserUsageLimitReached: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      usage: z.enum(['document-analyses', 'ai-questions']),
      month: z.string().regex(/^\d{4}-\d{2}$/),
      limit: z.number().int(),
    }),
  },
  /** On `account-<userId>`. No secret here: the worker that e-mails the link mints the token. */
  PasswordResetRequested: {
    version: 1,
    schema: z.object({ userId: z.string(), requestId: z.string(), requestedAt: z.string(), expiresAt: z.string() }),
  },
  PasswordChanged: { version: 1, schema: z.object({ userId: z.string(), method: z.enum(['change', 'reset']) }) },
  /**
   * On `account-<userId>`: the account is deleted. Its personal-data key is destroyed, so every
   * sealed value of the user in any event is unreadable; read models drop the user's rows.
   */
  AccountErased: { version: 1, schema: z.object({ userId: z.string(), erasedAt: z.string() }) },
  /** On `notifications-<userId>`: an in-app notification; its text is sealed (it may name a condition). */
  NotificationCreated: {
    version: 1,
    schema: z.object({
      notificationId: z.string(),
      userId: z.string(),
      kind: z.enum(NOTIFICATION_KINDS),
      /** Sealed `{ title, body }`. */
      content: sealedData,
      link: z.string().nullable(),
    }),
  },
  NotificationRead: { version: 1, schema: z.object({ userId: z.string(), notificationId: z.string() }) },
  /** Every notification of the user created before this event is read. */
  NotificationsAllRead: { version: 1, schema: z.object({ userId: z.string() }) },
  // ── Issue 12: claim decision dates and the DBQ catalogue ──────────────────────────────────────
  /** On the claim's stream: the date on the decision letter of an approved or denied claim (YYYY-MM-DD), or null. */
  ClaimDecisionDateSet: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  },
  /** On `dbq-catalogue`: a DBQ enters the catalogue. `source` names where the sync read it. */
  DbqAdded: {
    version: 1,
    schema: z.object({
      dbqId: z.string(),
      title: z.string(),
      category: z.string(),
      conditionGroup: z.string().nullable(),
      fileUrl: z.string(),
      source: z.string(),
    }),
  },
  /** On `dbq-catalogue`: what changed (only the fields that did), and whether a retired DBQ is back. */
  DbqUpdated: {
    version: 1,
    schema: z.object({
      dbqId: z.string(),
      changes: z
        .object({ title: z.string(), category: z.string(), conditionGroup: z.string().nullable(), fileUrl: z.string() })
        .partial(),
      reinstated: z.boolean(),
      source: z.string(),
    }),
  },
  /** On `dbq-catalogue`: no longer on the source; kept in the list, but it cannot be downloaded. */
  DbqRetired: { version: 1, schema: z.object({ dbqId: z.string(), reason: z.string(), source: z.string() }) },
  /** On `dbq-downloads-<id>`: someone downloaded the DBQ (counted; nothing is decided from it). */
  DbqDownloaded: { version: 1, schema: z.object({ dbqId: z.string(), userId: z.string() }) },
  // ── AI Copilot chat (issue 10) ────────────────────────────────────────────────────────────────
  /** A chat session's stream `chat-<id>`. Titles and texts are sealed with the owner's key. */
  ChatSessionStarted: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      /** Sealed `{ title }` ("New Chat" at first). */
      title: sealedData,
      origin: z.enum(CHAT_ORIGINS),
      startedAt: z.string(),
    }),
  },
  ChatSessionRenamed: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      /** Sealed `{ title }`. */
      title: sealedData,
      /** The user renamed it, or its first question named it. */
      by: z.enum(['user', 'first-question']),
    }),
  },
  ChatSessionDeleted: { version: 1, schema: z.object({ sessionId: z.string(), userId: z.string() }) },
  ChatQuestionAsked: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      /** The id the answer will have (the stream's `done` names it). */
      answerId: z.string(),
      /** Sealed `{ content }`. */
      content: sealedData,
      askedAt: z.string(),
    }),
  },
  ChatAnswerCompleted: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      answerId: z.string(),
      /** Sealed `{ content }`: the answer speaks of the veteran's own claims and documents. */
      content: sealedData,
      engine: chatEngineInfo,
      /** Sealed {@link Citation}[]: a citation may name the veteran's claim or document. */
      citations: sealedData,
    }),
  },
  ChatAnswerFailed: {
    version: 1,
    schema: z.object({
      sessionId: z.string(),
      userId: z.string(),
      questionId: z.string(),
      answerId: z.string(),
      /** Why, without the question or any answer text. */
      reason: z.enum(['engine-failed', 'cancelled', 'session-deleted']),
    }),
  },
  /** On the user's stream: serialises the plan's monthly AI question quota (`maxAiQuestions`). */
  UserChatQuestionCounted: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      questionId: z.string(),
      /** The session asked in; null for the wizard's `POST /api/copilot/chat`, which keeps no session. */
      sessionId: z.string().nullable(),
      month: z.string().regex(/^\d{4}-\d{2}$/),
    }),
  },
  /** On the user's stream: a question whose answer failed is given back, once (event id from the question). */
  UserChatQuestionRefunded: {
    version: 1,
    schema: z.object({ userId: z.string(), questionId: z.string(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  },
  // --- Staff console (issue 11): staff reads and support actions, the staff member as actor ---
  /**
   * A staff member read something of someone else's (a claim, its history, its documents, a list of
   * claims, an event's personal data). On the stream `staff-access-<staffId>`; the access log and
   * the veteran's "viewed by staff" entries are read models of it. Ids only, never personal data.
   */
  StaffAccessRecorded: {
    version: 1,
    schema: z.object({
      staffId: z.string(),
      staffRole: z.enum(STAFF_ROLES),
      /** The route that answered, e.g. `GET /api/staff/claims/{id}/history`. */
      endpoint: z.string(),
      claimId: z.string().nullable(),
      /** Whose data it was (the claim's owner), when one person's. */
      ownerId: z.string().nullable(),
      /** The version asked for when travelling back in a claim's history. */
      version: z.number().int().nullable(),
      /** How many rows a list answered with. */
      rows: z.number().int().nullable(),
      /** The event whose sealed data was opened. */
      subjectEventId: z.string().nullable(),
    }),
  },
  /** Support asked for a read model to be rebuilt (on `projection-<name>`); an operator when from the command line. */
  ProjectionRebuildRequested: {
    version: 1,
    schema: z.object({ rebuildId: z.string(), projection: z.string(), projectionVersion: z.number().int() }),
  },
  /** The rebuild swapped its tables in, or gave up (the old tables then stay in use). */
  ProjectionRebuildFinished: {
    version: 1,
    schema: z.object({
      rebuildId: z.string(),
      projection: z.string(),
      outcome: z.enum(['swapped', 'failed']),
      processed: z.number().int(),
    }),
  },
  /** An event a subscriber had parked was run through its handler again (on `dead-letter-<id>`). */
  DeadLetterRetried: {
    version: 1,
    schema: z.object({
      deadLetterId: z.string(),
      subscription: z.string(),
      eventId: z.string(),
      eventType: z.string(),
      outcome: z.enum(['handled', 'failed']),
    }),
  },
  /** A parked event was dismissed: its subscriber never handles it. */
  DeadLetterDismissed: {
    version: 1,
    schema: z.object({ deadLetterId: z.string(), subscription: z.string(), eventId: z.string(), eventType: z.string() }),
  },
  // --- Deadline reminders (issues 12 and 14) ---
  /**
   * On `deadline-reminders-<claimId>`: a decision-review deadline of a decided claim is 30 (or 7)
   * days away or nearer. Recorded once per claim, due date and threshold (its event id is derived
   * from them); the notifications worker turns it into the reminder. Ids and dates only.
   */
  DeadlineReminderDue: {
    version: 1,
    schema: z.object({
      claimId: z.string(),
      userId: z.string(),
      /** The decision date the deadlines were counted from (a changed date makes this reminder stale). */
      decisionDate: z.string(),
      dueDate: z.string(),
      kinds: z.array(z.enum(DEADLINE_KINDS)).min(1),
      daysBefore: z.union([z.literal(30), z.literal(7)]),
    }),
  },
} as const;

/** The free text of a claim, sealed in ClaimFiled. */
export interface ClaimText {
  condition: string;
  nextAction: string | null;
}

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];

/**
 * Upcasters by event type and the version they upgrade from: `upcasters[type][v]` turns data stored
 * at version v into version v + 1.
 */
export const upcasters: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {
  DocumentRegistered: {
    1: (data) => {
      const { sha256, ...rest } = data as { sha256: string } & Record<string, unknown>;
      return { ...rest, digest: { plain: sha256 } };
    },
  },
};

export function currentVersionOf(type: string): number {
  return (eventSchemas as Record<string, { version: number }>)[type]?.version ?? 1;
}

export const streams = {
  user: (userId: string) => `user-${userId}`,
  claim: (claimId: string) => `claim-${claimId}`,
  document: (documentId: string) => `document-${documentId}`,
  // Billing (issue 15)
  subscription: (subscriptionId: string) => `subscription-${subscriptionId}`,
  billingCustomer: (userId: string) => `billing-customer-${userId}`,
  // Issue 14: the account's security and lifecycle, the user's preferences, in-app notifications.
  account: (userId: string) => `account-${userId}`,
  preferences: (userId: string) => `preferences-${userId}`,
  notifications: (userId: string) => `notifications-${userId}`,
  /** Issue 12: the whole DBQ catalogue is one stream (a sync is one atomic decision over it). */
  dbqCatalogue: () => 'dbq-catalogue',
  /** Issue 12: downloads of one DBQ, kept off the catalogue's stream so downloading never contends with a sync. */
  dbqDownloads: (dbqId: string) => `dbq-downloads-${dbqId}`,
  chatSession: (sessionId: string) => `chat-${sessionId}`,
  // --- Staff console (issue 11) ---
  staffAccess: (staffId: string) => `staff-access-${staffId}`,
  projection: (name: string) => `projection-${name}`,
  deadLetter: (id: string) => `dead-letter-${id}`,
  /** Deadline reminders of one claim (issues 12 and 14). */
  deadlineReminders: (claimId: string) => `deadline-reminders-${claimId}`,
} as const;
