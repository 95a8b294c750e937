// The zod-free halves only: the frontend's screens use SPEC_PROBLEMS (its first load needs only
// specProblemTypes.ts, which names no feature's texts).
import { ANALYSIS_MESSAGES } from './analysisMessages';
import { CLAIM_MESSAGES } from './claimVocabulary';
import { BILLING_MESSAGES } from './billingMessages';
import { PDF_GENERATION_UPGRADE, WIZARD_TOASTS } from './pdforgeMessages';
import { UNAUTHORIZED_PROBLEM, type SpecProblemSlug } from './specProblemTypes';

export { isSpecProblem, SPEC_PROBLEM_SLUGS, SPEC_PROBLEM_TYPES, UNAUTHORIZED_PROBLEM, type SpecProblemSlug } from './specProblemTypes';

/**
 * The errors the specification names (doc 1 §5, §6 and §8; doc 2 §8) that the server can answer
 * today, with the spec's title and message verbatim. A problem body built from one carries
 * `type: /problems/<slug>`, `title` and `detail` from here, so a client that shows `title` and
 * `detail` shows the spec's text; the frontend shows them for every type listed here.
 *
 * The other entries of the two §8 lists are the client's own texts (success toasts, "Failed to …"
 * fallbacks, screens) or are answered by their feature's own module (the chat's, the wizard's and
 * billing's messages); docs/decisions/api.md keeps the whole mapping.
 */
export interface SpecProblem {
  /** The stable part of the problem's `type`. */
  slug: SpecProblemSlug;
  title: string;
  detail: string;
}

export const SPEC_PROBLEMS = {
  /** 401 for a request without a valid session (doc 1 §8 "Authentication", doc 2 §8 "Unauthorized"). */
  unauthorized: (): SpecProblem => ({ ...UNAUTHORIZED_PROBLEM }),
  /** 429 when filing a claim beyond the plan's limit (doc 1 §8 "Claim create"). */
  claimLimitReached: (limit: number): SpecProblem => ({
    slug: 'claim-limit-reached',
    title: 'Claim Limit Reached',
    detail: CLAIM_MESSAGES.claimLimitReached(limit),
  }),
  /** 403 when a plan without analysis asks for one (doc 1 §6 and §8 "Analysis"). */
  upgradeRequired: (): SpecProblem => ({ slug: 'upgrade-required', title: 'Upgrade Required', detail: ANALYSIS_MESSAGES.freePlan }),
  /** 400 for a rating outside 0–100 (doc 1 §5 and §8 "Rating"). */
  invalidRating: (): SpecProblem => ({ slug: 'invalid-rating', title: 'Invalid Rating', detail: CLAIM_MESSAGES.invalidRating }),
  /** A file over 50 MB (doc 1 §5 and §8 "Upload"); the name is known at registration, not at the upload address. */
  fileTooLarge: (fileName?: string): SpecProblem => ({
    slug: 'file-too-large',
    title: 'File too large',
    detail: `${fileName ?? 'This file'} is larger than 50MB`,
  }),
  /** 422 when an analysis ends without a result (doc 1 §8 "Analysis"); the detail is the reason. */
  analysisFailed: (reason: string): SpecProblem => ({ slug: 'analysis-failed', title: 'Failed to analyze document', detail: reason }),
  /** 404 when a document's stored file is missing (doc 1 §8 "View"). */
  documentFileNotAvailable: (): SpecProblem => ({
    slug: 'document-file-not-available',
    title: 'Document file not available',
    detail: 'Document file not available',
  }),
  // --- Billing ---
  /** 400 for a coupon code the provider does not know or that has expired (doc 2 §8 "Coupon"). */
  invalidCoupon: (): SpecProblem => ({
    slug: 'invalid-coupon',
    title: BILLING_MESSAGES.invalidCouponTitle,
    detail: BILLING_MESSAGES.invalidCoupon,
  }),
  /** 402 for a payment the provider refused (doc 2 §8 "Payment"); the detail is the provider's message. */
  paymentFailed: (message?: string): SpecProblem => ({
    slug: 'payment-failed',
    title: BILLING_MESSAGES.paymentFailedTitle,
    detail: message || BILLING_MESSAGES.paymentFailed,
  }),
  /** 409 when downloading an inactive DBQ (doc 2 §5 "Downloads", §8 "Forms"). */
  downloadUnavailable: (): SpecProblem => ({
    slug: 'download-unavailable',
    title: 'Download Unavailable',
    detail: "This form's PDF is not currently available",
  }),
  /** 502 when the DBQ sync cannot read its source (doc 2 §8 "Forms"). */
  syncFailed: (): SpecProblem => ({ slug: 'sync-failed', title: 'Sync Failed', detail: 'Failed to sync DBQs from VA website' }),
  /**
   * An answer the assistant could not give (doc 1 §8 "Chat: Failed to send message", whose client
   * shows the server's message); the detail says why and that the question was given back.
   */
  failedToSendMessage: (reason: string): SpecProblem => ({
    slug: 'failed-to-send-message',
    title: 'Failed to send message',
    detail: reason,
  }),
  // Claim package wizard (doc 2 §6, §8).
  /** 400 for form data that breaks a §5 rule; `errors` names each field. */
  generationFailed: (): SpecProblem => ({
    slug: 'generation-failed',
    title: WIZARD_TOASTS.generationFailed[0],
    detail: WIZARD_TOASTS.generationFailed[1],
  }),
  /** 403 for PDF generation on the Free plan ("basic templates only, no PDF generation"). */
  pdfGenerationUpgradeRequired: (): SpecProblem => ({
    slug: 'pdf-generation-upgrade-required',
    title: 'Upgrade Required',
    detail: PDF_GENERATION_UPGRADE,
  }),
  /** 502/422 when no suggestion could be made for a field. */
  aiAssistFailed: (reason?: string): SpecProblem => ({
    slug: 'ai-assist-failed',
    title: WIZARD_TOASTS.aiAssistFailed[0],
    detail: reason ?? WIZARD_TOASTS.aiAssistFailed[1],
  }),
} as const;

export type SpecProblemName = keyof typeof SPEC_PROBLEMS;

/** Validation messages the spec gives a title of its own: a 400 made only of these carries that title. */
export const SPEC_VALIDATION_PROBLEMS: readonly SpecProblem[] = [SPEC_PROBLEMS.invalidRating()];
