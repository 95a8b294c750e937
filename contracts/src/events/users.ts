import { z } from 'zod';
import { MEMBER_TIER_NAMES } from '../tiers';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/**
 * The stream `user-<userId>`: the account's registration, profile and tier, and the counters that
 * serialise the plan's limits (claims, documents, analyses and AI questions per month), so two
 * requests at once cannot both take the last slot.
 */
export const userStreams = {
  user: (userId: string) => `user-${userId}`,
} as const;

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

const month = () => z.string().regex(/^\d{4}-\d{2}$/);

export const userEventSchemas = {
  UserRegistered: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      memberTier: z.enum(MEMBER_TIER_NAMES),
      authMethod: z.enum(['password', 'oidc']),
      /** Sealed {@link UserPersonalData}. */
      personal: sealedData,
      /**
       * What the veteran confirmed on the registration form: 18 or older, and the terms of this
       * version accepted at this time. Absent for accounts made without the form (single sign-on,
       * administrators made at start) and for registrations recorded before it was asked; an
       * optional field only widens the schema, so every stored event still parses at version 1.
       */
      consent: z.object({ ageConfirmed: z.literal(true), termsVersion: z.string(), acceptedAt: z.string() }).optional(),
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
  /** Serialises the plan's claim limit and numbers the user's claims. */
  UserClaimRegistered: {
    version: 1,
    schema: z.object({ userId: z.string(), claimId: z.string(), claimNumber: z.string() }),
  },
  /** Serialises the plan's document limit (a removed document frees its slot). */
  UserDocumentRegistered: { version: 1, schema: z.object({ userId: z.string(), documentId: z.string() }) },
  UserDocumentRemoved: { version: 1, schema: z.object({ userId: z.string(), documentId: z.string() }) },
  /** Serialises the plan's monthly analysis quota. */
  UserDocumentAnalysisStarted: {
    version: 1,
    schema: z.object({ userId: z.string(), documentId: z.string(), analysisId: z.string(), month: month() }),
  },
  /** An analysis that failed or never started gives its quota back. */
  UserDocumentAnalysisRefunded: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      documentId: z.string(),
      analysisId: z.string(),
      /**
       * The month the analysis counted in, so the user's state needs no list of past analyses. Refunds
       * written before the month was recorded lack it and are matched to their start.
       */
      month: month().optional(),
    }),
  },
  /**
   * Beside the usage that reached it: the month's AI allowance of the plan is used up (the
   * notifications worker tells the user). Chat questions use the same event.
   */
  UserUsageLimitReached: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      usage: z.enum(['document-analyses', 'ai-questions']),
      month: month(),
      limit: z.number().int(),
    }),
  },
  /** Serialises the plan's monthly AI question quota (`maxAiQuestions`). */
  UserChatQuestionCounted: {
    version: 1,
    schema: z.object({
      userId: z.string(),
      questionId: z.string(),
      /** The session asked in; null for the wizard's `POST /api/copilot/chat`, which keeps no session. */
      sessionId: z.string().nullable(),
      month: month(),
    }),
  },
  /** A question whose answer failed is given back, once (event id from the question). */
  UserChatQuestionRefunded: {
    version: 1,
    schema: z.object({ userId: z.string(), questionId: z.string(), month: month() }),
  },
} as const;

export const USER_EVENT_TYPES = eventTypesOf(userEventSchemas);
export type UserEventType = (typeof USER_EVENT_TYPES)[number];
export type UserEvent = EventOf<typeof userEventSchemas>;
