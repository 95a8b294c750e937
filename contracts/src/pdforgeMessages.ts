// Zod-free on purpose: the frontend's first load imports this (via specProblems or directly), and
// a module with schemas would bring zod along (docs/decisions/performance.md).

/** Spec doc 2 §8, verbatim (title, then description). */
export const WIZARD_TOASTS = {
  unauthorized: 'Unauthorized - You are logged out. Logging in again...',
  analysisFailed: ['Analysis Failed', 'Unable to analyze the selected document'],
  aiAssistFailed: ['AI Assist Failed', 'Unable to get AI suggestion for this field'],
  generationFailed: ['Generation Failed', 'Unable to generate PDF. Please check your form data.'],
  copilotError: ['Copilot Error', 'Unable to get AI assistance. Please try again.'],
  documentAnalyzed: 'Document Analyzed',
  suggestionApplied: 'AI Suggestion Applied',
  pdfGenerated: 'PDF Generated Successfully',
  draftLoaded: 'Draft Loaded',
  draftSaved: 'Draft Saved',
} as const;

/** Spec doc 2 §6 "Free tier: basic templates only, no PDF generation". */
export const PDF_GENERATION_UPGRADE = 'PDF generation is not available on the Free plan. Upgrade to Basic or Pro to generate PDFs.';
