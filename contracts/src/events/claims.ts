import { z } from 'zod';
import { CLAIM_PRIORITIES, CLAIM_STATUSES, CONDITION_TYPES, SELECTABLE_NOTE_TYPES } from '../claims';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/** The stream `claim-<claimId>`: one claim's filing, its changes and its notes, its history in order. */
export const claimStreams = {
  claim: (claimId: string) => `claim-${claimId}`,
} as const;

/** The free text of a claim, sealed in ClaimFiled. */
export interface ClaimText {
  condition: string;
  nextAction: string | null;
}

export const claimEventSchemas = {
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
  /** So the claim's history shows the document that was added. */
  ClaimDocumentAdded: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), documentId: z.string(), name: sealedData }),
  },
  /** The date on the decision letter of an approved or denied claim (YYYY-MM-DD), or null. */
  ClaimDecisionDateSet: {
    version: 1,
    schema: z.object({ claimId: z.string(), userId: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  },
} as const;

export const CLAIM_EVENT_TYPES = eventTypesOf(claimEventSchemas);
export type ClaimEventType = (typeof CLAIM_EVENT_TYPES)[number];
export type ClaimEvent = EventOf<typeof claimEventSchemas>;
