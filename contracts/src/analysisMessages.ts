// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

export const ANALYSIS_MESSAGES = {
  /** Spec doc 1 §6, verbatim. */
  freePlan: 'Document analysis is not available on the Free plan. Upgrade to Basic or Pro to analyze documents.',
  limitReached: (limit: number) =>
    `You've reached your limit of ${limit} document analyses this month. Your limit resets on the first day of next month, or you can upgrade your plan.`,
  alreadyProcessing: 'This document is already being analyzed. Please wait for the result.',
  noResults: 'This document has no analysis results yet. Analyze it first.',
  /** A failure that is neither the document's fault nor explained by the engine. */
  unexpected: 'The analysis could not be completed. Please try again later.',
} as const;
