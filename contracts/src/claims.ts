import { z } from 'zod';
import { calendarDate } from './calculators';
import type { Deadline } from './deadlines';
import {
  CLAIM_STATUSES,
  CONDITION_TYPES,
  CLAIM_PRIORITIES,
  SELECTABLE_NOTE_TYPES,
  CLAIM_MESSAGES,
  type ClaimStatus,
  type ConditionType,
  type ClaimPriority,
  type NoteType,
} from './claimVocabulary';

export * from './claimVocabulary';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * `POST /api/claims`. The spec's client also sends claimNumber, status, progressPercentage and
 * daysPending; the server decides those itself, so they are accepted and ignored.
 */
export const fileClaimBody = z.object({
  condition: z
    .string({ message: CLAIM_MESSAGES.conditionRequired })
    .trim()
    .min(1, CLAIM_MESSAGES.conditionRequired)
    .max(200, 'Condition must be at most 200 characters'),
  conditionType: z.enum(CONDITION_TYPES, { message: CLAIM_MESSAGES.conditionTypeRequired }),
  nextAction: optionalText(500),
  priority: z.enum(CLAIM_PRIORITIES).optional().default('normal'),
  estimatedDecisionDate: z.iso.date('Estimated decision date must be a date (YYYY-MM-DD)').optional().nullable(),
});
export type FileClaimBody = z.infer<typeof fileClaimBody>;

export const changeClaimStatusBody = z.object({
  status: z.enum(CLAIM_STATUSES, { message: `status must be one of ${CLAIM_STATUSES.join(', ')}` }),
  note: optionalText(2000),
  /** The date on the decision letter, with approved or denied. */
  decisionDate: calendarDate('decisionDate').optional(),
});

/** "" clears the rating; otherwise a whole number 0–100, as text (the spec's client) or a number. */
export const changeClaimRatingBody = z.object({
  ratingPercentage: z.union([z.string(), z.number()], { message: CLAIM_MESSAGES.invalidRating }).transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') return null;
    if (!/^\d{1,3}$/.test(text) || Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message: CLAIM_MESSAGES.invalidRating });
      return z.NEVER;
    }
    return Number(text);
  }),
});

export const addClaimNoteBody = z.object({
  note: z
    .string({ message: CLAIM_MESSAGES.noteRequired })
    .trim()
    .min(1, CLAIM_MESSAGES.noteRequired)
    .max(5000, 'Notes are at most 5000 characters'),
  noteType: z.enum(SELECTABLE_NOTE_TYPES, { message: `noteType must be one of ${SELECTABLE_NOTE_TYPES.join(', ')}` }).default('general'),
  isImportant: z.boolean().default(false),
});

/** `PATCH /api/claims/{id}`: the claim's tracking details. */
export const updateClaimDetailsBody = z
  .object({
    priority: z.enum(CLAIM_PRIORITIES),
    nextAction: optionalText(500),
    estimatedDecisionDate: z.iso.date('Estimated decision date must be a date (YYYY-MM-DD)').nullable(),
    /** The date on the decision letter of an approved or denied claim; null clears it. */
    decisionDate: calendarDate('decisionDate').nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');

export interface ClaimNote {
  id: string;
  note: string;
  noteType: NoteType;
  isImportant: boolean;
  previousStatus: ClaimStatus | null;
  newStatus: ClaimStatus | null;
  createdAt: string;
}

export interface ClaimDocumentSummary {
  id: string;
  fileName: string;
  processingStatus: 'pending' | 'processing' | 'completed' | 'failed';
}

export interface Claim {
  id: string;
  claimNumber: string;
  condition: string;
  conditionType: ConditionType;
  status: ClaimStatus;
  priority: ClaimPriority;
  progressPercentage: number;
  ratingPercentage: number | null;
  isApproved: boolean;
  /** Days since filing; stops counting when the claim is decided. */
  daysPending: number;
  nextAction: string | null;
  estimatedDecisionDate: string | null;
  /** The date on the decision letter (YYYY-MM-DD) of an approved or denied claim, when the veteran gave it. */
  decisionDate: string | null;
  filedAt: string;
  updatedAt: string;
}

export interface ClaimDetail extends Claim {
  notes: ClaimNote[];
  documents: ClaimDocumentSummary[];
  /** The decision-review deadlines of its decision (empty without a decision date). */
  reviewDeadlines: Deadline[];
}

/** What the decision-date rules say. */
export const DECISION_DATE_MESSAGES = {
  notDecided: 'Only an approved or denied claim has a decision date.',
  future: 'The decision date cannot be in the future.',
} as const;

/** `GET /api/deadlines`: a decision-review deadline of one of the user's claims. */
export interface UpcomingDeadline extends Deadline {
  /** `<claim id>:<kind>`. */
  id: string;
  claimId: string;
  claimNumber: string;
  condition: string;
  decisionDate: string;
}

export interface ClaimHistoryEntry {
  id: string;
  /** The event type, e.g. ClaimStatusChanged. */
  type: string;
  title: string;
  description: string | null;
  changes: { field: string; from: string | number | boolean | null; to: string | number | boolean | null }[];
  actor: { id: string | null; name: string };
  at: string;
}

export type ActivityType = 'claim_created' | 'document_upload' | 'ai_analysis';

export interface DashboardPayload {
  user: { firstName: string | null };
  stats: { disabilityRating: number; activeClaims: number; approvedClaims: number; oldestPendingDays: number };
  recentActivities: { id: string; type: ActivityType; title: string; description: string; createdAt: string }[];
  recentDocuments: { id: string; fileName: string; uploadedAt: string; processingStatus: string; fileUrl: string | null }[];
  recentClaims: Claim[];
  /** limit 0 = unlimited (remaining is then null). */
  usage: { claims: { used: number; limit: number; remaining: number | null } };
}

export function daysBetween(fromIso: string, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - new Date(fromIso).getTime()) / 86_400_000));
}
