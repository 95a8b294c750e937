/**
 * The nine document analysis types (spec doc 1 §9) and a plain-text summary of stored analysis
 * results (spec doc 1 §3 "AI analysis result"). Pure, unit tested in analysis.test.ts.
 */

export const ANALYSIS_TYPES = [
  { value: 'general', label: 'General Analysis' },
  { value: 'medical', label: 'Medical Records Analysis' },
  { value: 'disability', label: 'Disability Rating Assessment' },
  { value: 'evidence', label: 'Evidence Extraction' },
  { value: 'service-connection', label: 'Service Connection Analyzer' },
  { value: 'nexus-letter', label: 'Nexus Letter Evaluator' },
  { value: 'timeline', label: 'Medical Timeline Builder' },
  { value: 'missing-evidence', label: 'Missing Evidence Detector' },
  { value: 'secondary-conditions', label: 'Secondary Conditions Finder' },
] as const;

export type AnalysisType = (typeof ANALYSIS_TYPES)[number]['value'];

export function analysisTypeLabel(value: string): string {
  return ANALYSIS_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** AI document analysis reads PDF and text files only, up to 10MB (spec doc 1 §5, §9). */
export const ANALYSIS_LIMITS_TEXT = 'Analysis reads PDF and text files up to 10MB (text only; handwritten or scanned images are not processed).';

export interface AnalysisSection {
  title: string;
  items: string[];
}

export interface AnalysisSummary {
  documentType: string | null;
  analysisType: string | null;
  sections: AnalysisSection[];
}

type Dict = Record<string, unknown>;

const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

const PREFERRED_KEYS = ['condition', 'secondaryCondition', 'finding', 'action', 'item', 'name', 'title', 'description', 'summary'];

/** One readable line for a list item: text as is; an object by its main field, else its plain values. */
function itemText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isDict(value)) return '';
  const main = PREFERRED_KEYS.map((key) => value[key]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (main) return main.trim();
  return Object.values(value)
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String)
    .join(' — ');
}

function listOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values.map(itemText).filter((text) => text !== '');
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);

const LIST_SECTIONS: readonly [key: string, title: string][] = [
  ['relevantConditions', 'Relevant Conditions'],
  ['keyFindings', 'Key Findings'],
  ['missingInformation', 'Missing Information'],
  ['suggestedActions', 'Suggested Actions'],
];

/** Headline figures of the specialised analyses, when present. */
function overview(results: Dict): string[] {
  const lines: string[] = [];
  const evidence = Array.isArray(results.serviceConnectionEvidence) ? results.serviceConnectionEvidence : [results.serviceConnectionEvidence];
  for (const entry of evidence) {
    if (!isDict(entry)) continue;
    const condition = text(entry.condition);
    const strength = text(entry.evidenceStrength);
    if (condition) lines.push(`Service connection evidence for ${condition}${strength ? `: ${strength}` : ''}`);
  }
  const nexus = isDict(results.nexusEvaluation) ? text(results.nexusEvaluation.overallStrength) : null;
  if (nexus) lines.push(`Nexus letter strength: ${nexus}`);
  const timeline = isDict(results.medicalTimeline) && isDict(results.medicalTimeline.continuityOfCare) ? results.medicalTimeline.continuityOfCare : null;
  const continuity = timeline ? text(timeline.overallAssessment) : null;
  if (continuity) lines.push(`Continuity of care: ${continuity}`);
  const completeness =
    isDict(results.missingEvidenceAnalysis) && isDict(results.missingEvidenceAnalysis.overallCompleteness)
      ? results.missingEvidenceAnalysis.overallCompleteness
      : null;
  if (completeness) {
    const rating = text(completeness.rating);
    const percent = typeof completeness.percentComplete === 'number' ? `${completeness.percentComplete}%` : null;
    if (rating || percent) lines.push(`Evidence completeness: ${[rating, percent && rating ? `(${percent})` : percent].filter(Boolean).join(' ')}`);
  }
  const secondary =
    isDict(results.secondaryConditionsAnalysis) && isDict(results.secondaryConditionsAnalysis.overallAnalysis)
      ? results.secondaryConditionsAnalysis.overallAnalysis.totalPotentialClaims
      : undefined;
  if (typeof secondary === 'number') lines.push(`Potential secondary claims: ${secondary}`);
  return lines;
}

/** What the results dialog shows: the document type and the non-empty sections, in a fixed order. */
export function summariseAnalysis(results: unknown): AnalysisSummary {
  if (!isDict(results)) return { documentType: null, analysisType: null, sections: [] };
  const sections: AnalysisSection[] = [];
  const headline = overview(results);
  if (headline.length > 0) sections.push({ title: 'Overview', items: headline });
  for (const [key, title] of LIST_SECTIONS) {
    const items = listOf(results[key]);
    if (items.length > 0) sections.push({ title, items });
  }
  const analysisType = text(results.analysisType);
  return {
    documentType: text(results.documentType),
    analysisType: analysisType ? analysisTypeLabel(analysisType) : null,
    sections,
  };
}
