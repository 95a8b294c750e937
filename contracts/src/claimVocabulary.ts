// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

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
  claimLimitReached: (limit: number) => `You've reached your limit of ${limit} claims. Please upgrade your plan to add more claims.`,
} as const;

export const DEFAULT_CLAIM_LIMIT = 3;
