import {
  ANALYSIS_MESSAGES,
  ANALYSIS_TYPE_LABELS,
  MAX_ANALYSIS_BYTES,
  ANALYSIS_TYPES as CONTRACT_ANALYSIS_TYPES,
  type AnalysisType,
} from '@cc/contracts';

/**
 * The nine document analysis types (spec doc 0 §9): what each is called and looks for, and what the
 * analysis can read. Pure (no React, no DOM), unit tested in analysis.test.ts.
 */

export type { AnalysisType };

export interface AnalysisTypeOption {
  value: AnalysisType;
  label: string;
  /** One plain-language line on what the analysis looks for. */
  description: string;
}

const DESCRIPTIONS: Record<AnalysisType, string> = {
  general: 'A broad first read: the conditions mentioned, the key findings and what to do next.',
  medical: 'Reads medical records for diagnoses and treatments, and puts your care in date order.',
  disability: 'Looks at the evidence a rating decision relies on and what is still missing.',
  evidence: 'Pulls out the facts that support a claim: diagnoses, in-service events and links between them.',
  'service-connection': 'Checks for a diagnosis, an in-service event and a medical link between them.',
  'nexus-letter': "Rates a doctor's nexus letter: the opinion wording, the reasoning and the doctor's credentials.",
  timeline: 'Lists the dated medical events in order and points out gaps in treatment.',
  'missing-evidence': 'Lists what your claim file still lacks and how to get it.',
  'secondary-conditions': 'Finds conditions that may be caused or made worse by conditions you already have.',
};

/** The nine types in the spec's order, with their labels and descriptions. */
export const ANALYSIS_TYPES: readonly AnalysisTypeOption[] = CONTRACT_ANALYSIS_TYPES.map((value) => ({
  value,
  label: ANALYSIS_TYPE_LABELS[value],
  description: DESCRIPTIONS[value],
}));

export function isAnalysisType(value: unknown): value is AnalysisType {
  return typeof value === 'string' && (CONTRACT_ANALYSIS_TYPES as readonly string[]).includes(value);
}

export function analysisTypeLabel(value: string | null | undefined): string {
  if (!value) return '';
  return isAnalysisType(value) ? ANALYSIS_TYPE_LABELS[value] : value;
}

/** AI document analysis reads PDF and text files only, up to 10MB (spec doc 0 §5, §9). */
export const ANALYSIS_LIMITS_TEXT =
  'Analysis reads PDF and text files up to 10MB (text only; handwritten or scanned images are not processed).';

/** The Free plan cannot analyze documents (spec doc 0 §6); the server's 403 says the same. */
export const UPGRADE_REQUIRED_MESSAGE = ANALYSIS_MESSAGES.freePlan;

/** The AI analysis file limit (spec doc 0 §9). */
export const ANALYSIS_MAX_BYTES = MAX_ANALYSIS_BYTES;

/**
 * Why a document is probably not analysable, from what the client knows (the server decides):
 * not a PDF or text file, or larger than 10MB. null when nothing speaks against it.
 */
export function analysisCaveat(document: { fileName: string; fileType: string; detectedType?: string; fileSize: number }): string | null {
  const type = `${document.detectedType ?? ''} ${document.fileType ?? ''}`.toLowerCase();
  const name = (document.fileName ?? '').toLowerCase();
  const readable = type.includes('application/pdf') || type.includes('text/plain') || name.endsWith('.pdf') || name.endsWith('.txt');
  if (!readable) return 'This file is not a PDF or text file, so the analysis will probably find no text to read.';
  if (document.fileSize > ANALYSIS_MAX_BYTES) return 'This file is larger than 10MB, the most the analysis can read.';
  return null;
}
