import type {
  MedicalTimeline,
  MissingEvidenceAnalysis,
  NexusEvaluation,
  SecondaryConditionsAnalysis,
  ServiceConnectionEvidence,
} from './analysis';

/**
 * How an analysis result reads wherever it is shown: the results dialog in the browser and the PDF
 * report both take their section titles, section order and value labels from here, so the two say
 * the same thing in the same order.
 */

/** The headed sections of a result, in the order every view shows them (absent ones are left out). */
export const RESULT_SECTION_KEYS = [
  'summary',
  'key-findings',
  'missing-information',
  'suggested-actions',
  'service-connection',
  'nexus-evaluation',
  'medical-timeline',
  'missing-evidence',
  'secondary-conditions',
] as const;
export type ResultSectionKey = (typeof RESULT_SECTION_KEYS)[number];

export const RESULT_SECTION_TITLES: Readonly<Record<ResultSectionKey, string>> = {
  summary: 'Summary',
  'key-findings': 'Key Findings',
  'missing-information': 'Missing Information',
  'suggested-actions': 'Suggested Actions',
  'service-connection': 'Service Connection Evidence',
  'nexus-evaluation': 'Nexus Letter Evaluation',
  'medical-timeline': 'Medical Timeline',
  'missing-evidence': 'Missing Evidence',
  'secondary-conditions': 'Secondary Conditions',
};

type Labels<V extends string> = Readonly<Record<V, string>>;
type Missing = MissingEvidenceAnalysis;
type Secondary = SecondaryConditionsAnalysis;

/**
 * How each enumerated value of a result reads. The contracts spell some values the British way and
 * in kebab case ("favourable", "mostly-complete"); readers see US English words.
 */
export const RESULT_VALUE_LABELS: {
  readonly evidenceStrength: Labels<ServiceConnectionEvidence['evidenceStrength']>;
  readonly connectionType: Labels<ServiceConnectionEvidence['connectionType']>;
  readonly nexusStrength: Labels<NexusEvaluation['overallStrength']>;
  readonly opinion: Labels<NexusEvaluation['classification']>;
  readonly continuity: Labels<MedicalTimeline['continuityOfCare']['overallAssessment']>;
  readonly eventType: Labels<MedicalTimeline['timelineEvents'][number]['eventType']>;
  readonly completeness: Labels<Missing['overallCompleteness']['rating']>;
  readonly importance: Labels<Missing['documentationGaps'][number]['importance']>;
  readonly priority: Labels<
    Missing['additionalEvidenceNeeded'][number]['priority'] | Secondary['claimRecommendations'][number]['priority']
  >;
  readonly likelihood: Labels<Secondary['potentialSecondaryConditions'][number]['likelihood']>;
  readonly relationship: Labels<Secondary['medicalConnections'][number]['relationshipType']>;
  readonly presence: Labels<'present' | 'missing'>;
} = {
  evidenceStrength: { strong: 'Strong', moderate: 'Moderate', weak: 'Weak' },
  connectionType: { direct: 'Direct', secondary: 'Secondary', presumptive: 'Presumptive', aggravation: 'Aggravation', unknown: 'Unknown' },
  nexusStrength: { strong: 'Strong', moderate: 'Moderate', weak: 'Weak', none: 'None found' },
  opinion: {
    favourable: 'Favorable',
    unfavourable: 'Unfavorable',
    speculative: 'Speculative',
    'non-opinion': 'Non-opinion (no opinion given)',
    none: 'None found',
  },
  continuity: { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor' },
  eventType: {
    'in-service': 'In service',
    diagnosis: 'Diagnosis',
    treatment: 'Treatment',
    examination: 'Examination',
    surgery: 'Surgery',
    imaging: 'Imaging',
    decision: 'Decision',
    statement: 'Statement',
    other: 'Other',
  },
  completeness: { complete: 'Complete', 'mostly-complete': 'Mostly complete', incomplete: 'Incomplete', insufficient: 'Insufficient' },
  importance: { critical: 'Critical', important: 'Important', helpful: 'Helpful' },
  priority: { high: 'High', medium: 'Medium', low: 'Low' },
  likelihood: { high: 'High', moderate: 'Moderate', low: 'Low' },
  relationship: { causation: 'Causation', aggravation: 'Aggravation', 'stated-in-document': 'Stated in the document' },
  presence: { present: 'Present', missing: 'Missing' },
};

/** What a service-connection entry shows when the document names no in-service event. */
export const NO_IN_SERVICE_EVENT = 'None found in this document';

/** A value in words, for a value no table knows (a result stored by an older engine): "mostly-complete" → "Mostly complete". */
export function valueInWords(value: string): string {
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** The label of a value from its table, or the value in words when the table does not know it. */
export function resultValueLabel<V extends string>(labels: Labels<V>, value: string): string {
  return Object.hasOwn(labels, value) ? (labels as Readonly<Record<string, string>>)[value]! : valueInWords(value);
}
