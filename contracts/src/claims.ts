import { z } from 'zod';
import { calendarDate } from './calculators';
import type { Deadline } from './deadlines';

export const CLAIM_STATUSES = ['submitted', 'initial_review', 'evidence_review', 'approved', 'denied'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  initial_review: 'Initial Review',
  evidence_review: 'Evidence Review',
  approved: 'Approved',
  denied: 'Denied',
};

/**
 * Progress follows the status. The steps in between follow VA.gov's 8-step claim status
 * (DOMAIN.md §2.4): initial review is step 2 of 8 (25 %), evidence review step 4 of 8 (50 %);
 * a new claim starts at 10 % (spec) and a decided claim, approved or denied, is at 100 %.
 */
export const CLAIM_PROGRESS: Record<ClaimStatus, number> = {
  submitted: 10,
  initial_review: 25,
  evidence_review: 50,
  approved: 100,
  denied: 100,
};

export const isDecided = (status: ClaimStatus) => status === 'approved' || status === 'denied';

export const CONDITION_TYPES = ['primary', 'secondary', 'increase', 'reopened'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const CONDITION_TYPE_LABELS: Record<ConditionType, string> = {
  primary: 'Primary, Service-Connected',
  secondary: 'Secondary',
  increase: 'Rating Increase',
  reopened: 'Reopened',
};

export const CLAIM_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type ClaimPriority = (typeof CLAIM_PRIORITIES)[number];

export const SELECTABLE_NOTE_TYPES = ['general', 'communication', 'reminder'] as const;
export const NOTE_TYPES = [...SELECTABLE_NOTE_TYPES, 'status_change', 'document_added'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
export const NOTE_TYPE_LABELS: Record<NoteType, string> = {
  general: 'General',
  communication: 'Communication',
  reminder: 'Reminder',
  status_change: 'Status Change',
  document_added: 'Document Added',
};

/** Spec doc 1 §5 and §8 texts. */
export const CLAIM_MESSAGES = {
  conditionRequired: 'Condition is required',
  conditionTypeRequired: 'Condition type is required',
  invalidRating: 'Rating must be a number between 0 and 100',
  noteRequired: 'Note cannot be empty',
  claimLimitReached: (limit: number) =>
    `You've reached your limit of ${limit} claims. Please upgrade your plan to add more claims.`,
} as const;

export const DEFAULT_CLAIM_LIMIT = 3;

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
  /** The date on the decision letter, with approved or denied (issue 12). */
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
  note: z.string({ message: CLAIM_MESSAGES.noteRequired }).trim().min(1, CLAIM_MESSAGES.noteRequired).max(5000, 'Notes are at most 5000 characters'),
  noteType: z.enum(SELECTABLE_NOTE_TYPES, { message: `noteType must be one of ${SELECTABLE_NOTE_TYPES.join(', ')}` }).default('general'),
  isImportant: z.boolean().default(false),
});

/** `PATCH /api/claims/{id}`: the claim's tracking details. */
export const updateClaimDetailsBody = z
  .object({
    priority: z.enum(CLAIM_PRIORITIES),
    nextAction: optionalText(500),
    estimatedDecisionDate: z.iso.date('Estimated decision date must be a date (YYYY-MM-DD)').nullable(),
    /** The date on the decision letter of an approved or denied claim; null clears it (issue 12). */
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

/** What the decision-date rules say (issue 12). */
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
