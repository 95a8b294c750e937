// Text-free on purpose: the frontend's first load tells a spec problem by its `type` alone (the
// server's body carries the spec's title and detail), so the other features' messages stay out of
// it (docs/decisions/performance.md).

/** The stable part of every spec problem's `type` (`/problems/<slug>`); specProblems.ts makes each (a test holds the two equal). */
export const SPEC_PROBLEM_SLUGS = [
  'unauthorized',
  'claim-limit-reached',
  'upgrade-required',
  'invalid-rating',
  'file-too-large',
  'analysis-failed',
  'document-file-not-available',
  'invalid-coupon',
  'payment-failed',
  'download-unavailable',
  'sync-failed',
  'failed-to-send-message',
  'generation-failed',
  'pdf-generation-upgrade-required',
  'ai-assist-failed',
] as const;

/** A spec problem's slug: specProblems.ts can make a problem only with one listed here. */
export type SpecProblemSlug = (typeof SPEC_PROBLEM_SLUGS)[number];

/** The `type` of every problem the spec names. */
export const SPEC_PROBLEM_TYPES: readonly string[] = SPEC_PROBLEM_SLUGS.map((slug) => `/problems/${slug}`);

/** True when a problem body is one the spec names, so its `title` and `detail` are the spec's text. */
export function isSpecProblem(body: { type?: unknown } | undefined | null): boolean {
  return typeof body?.type === 'string' && SPEC_PROBLEM_TYPES.includes(body.type);
}

/** 401 for a request without a valid session (doc 1 §8 "Authentication", doc 2 §8 "Unauthorized"). */
export const UNAUTHORIZED_PROBLEM = {
  slug: 'unauthorized',
  title: 'Unauthorized',
  detail: 'You are logged out. Logging in again...',
} as const;
