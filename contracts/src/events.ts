import { z } from 'zod';
import { CLAIM_PRIORITIES, CLAIM_STATUSES, CONDITION_TYPES, SELECTABLE_NOTE_TYPES } from './claims';
import { analysisTypeSchema } from './analysis';
import { MEMBER_TIER_NAMES } from './tiers';

/**
 * Every event type, its current schema version and its zod schema. An event stored at an older
 * version is upcast on read (see `upcasters`), so consumers only ever see the current shape.
 */

/** Personal data sealed with the user's own key (AES-256-GCM), so erasing the key erases the data. */
export const sealedData = z.object({ alg: z.literal('A256GCM'), iv: z.string(), tag: z.string(), data: z.string() });
export type SealedData = z.infer<typeof sealedData>;

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
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      /** Sealed `{ fileName }`: a file name often carries a name or a diagnosis. */
      name: sealedData,
      fileType: z.string(),
      detectedType: z.string(),
      fileSize: z.number().int(),
      objectPath: z.string(),
      sha256: z.string(),
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
 * at version v into version v + 1. None exist yet; the mechanism is exercised by the event store tests.
 */
export const upcasters: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {};

export function currentVersionOf(type: string): number {
  return (eventSchemas as Record<string, { version: number }>)[type]?.version ?? 1;
}

export const streams = {
  user: (userId: string) => `user-${userId}`,
  claim: (claimId: string) => `claim-${claimId}`,
  document: (documentId: string) => `document-${documentId}`,
} as const;
