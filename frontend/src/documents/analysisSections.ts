import {
  NO_IN_SERVICE_EVENT,
  RESULT_SECTION_KEYS,
  RESULT_SECTION_TITLES,
  RESULT_VALUE_LABELS as LABELS,
  valueInWords,
  type AnalysisResult,
  type MedicalTimeline,
  type MissingEvidenceAnalysis,
  type NexusEvaluation,
  type ResultSectionKey,
  type SecondaryConditionsAnalysis,
  type ServiceConnectionEvidence,
} from '@cc/contracts';
import { formatDate } from '../claims/format';
import { analysisTypeLabel } from './analysisTypes';

/**
 * The shaping of a stored analysis result (spec doc 0 §3 "AI analysis result") into the headed
 * sections the results dialog shows. Titles, order and value labels come from the contracts, which
 * the PDF report shares. Pure (no React, no DOM), unit tested in analysis.test.ts.
 */

/** How a status reads; the dialog pairs each tone with an icon, so colour is never the only signal. */
export type Tone = 'positive' | 'caution' | 'negative' | 'neutral';

export interface StatusTag {
  text: string;
  tone: Tone;
}

export interface Detail {
  label: string;
  text: string;
}

/** One finding: a title, an optional status, labelled details, sub-lists and the sentence it came from. */
export interface FindingRow {
  title: string;
  status?: StatusTag;
  details: Detail[];
  lists: { label: string; items: string[] }[];
  /** The sentence of the document the finding was read from. */
  source?: string;
}

export interface ConditionEntry {
  name: string;
  /** "DC 9411", "ICD-10 F43.10". */
  codes: string[];
  source?: string;
}

export type Block =
  | { kind: 'status'; label: string; status: StatusTag }
  | { kind: 'text'; label: string; text: string; source?: string }
  | { kind: 'list'; label: string; items: string[] }
  | { kind: 'conditions'; label: string; conditions: ConditionEntry[] }
  | { kind: 'rows'; label: string; rows: FindingRow[] };

export interface ResultSection {
  key: ResultSectionKey;
  title: string;
  blocks: Block[];
}

const clean = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function arr<T>(value: readonly T[] | null | undefined): T[] {
  return Array.isArray(value) ? [...value] : [];
}

/** Non-empty trimmed strings, duplicates removed, order kept. */
function strings(value: readonly unknown[] | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of arr(value)) {
    const text = clean(item);
    if (text && !seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

/** "mostly-complete" → "Mostly complete"; "in-service" → "In service". */
export const humanize = valueInWords;

function detail(label: string, value: unknown): Detail[] {
  const text = typeof value === 'number' ? String(value) : clean(value);
  return text ? [{ label, text }] : [];
}

function list(label: string, value: readonly unknown[] | null | undefined): { label: string; items: string[] }[] {
  const items = strings(value);
  return items.length > 0 ? [{ label, items }] : [];
}

function textBlock(label: string, value: unknown, source?: unknown): Block[] {
  const text = clean(value);
  if (!text) return [];
  const quote = clean(source);
  return [quote ? { kind: 'text', label, text, source: quote } : { kind: 'text', label, text }];
}

function statusBlock(label: string, status: StatusTag | undefined): Block[] {
  return status ? [{ kind: 'status', label, status }] : [];
}

function listBlock(label: string, value: readonly unknown[] | null | undefined): Block[] {
  const items = strings(value);
  return items.length > 0 ? [{ kind: 'list', label, items }] : [];
}

function rowsBlock(label: string, rows: FindingRow[]): Block[] {
  const kept = rows.filter((row) => row.title !== '');
  return kept.length > 0 ? [{ kind: 'rows', label, rows: kept }] : [];
}

function row(
  title: string,
  parts: Omit<FindingRow, 'title' | 'details' | 'lists' | 'source'> & {
    details?: Detail[];
    lists?: FindingRow['lists'];
    source?: unknown;
  } = {},
): FindingRow {
  const out: FindingRow = { title: title.trim(), details: parts.details ?? [], lists: parts.lists ?? [] };
  if (parts.status) out.status = parts.status;
  const source = clean(parts.source);
  if (source) out.source = source;
  return out;
}

function tagOf<K extends string>(table: Record<K, StatusTag>, value: string | null | undefined): StatusTag | undefined {
  if (!value) return undefined;
  return (table as Record<string, StatusTag>)[value] ?? { text: humanize(value), tone: 'neutral' };
}

/** A status tag worded from the shared value labels, with a tone for each value. */
function tags<V extends string>(
  labels: Readonly<Record<V, string>>,
  tones: Readonly<Record<V, Tone>>,
  wording: (label: string) => string = (label) => label,
): Record<V, StatusTag> {
  const out = {} as Record<V, StatusTag>;
  for (const value of Object.keys(tones) as V[]) out[value] = { text: wording(labels[value]), tone: tones[value] };
  return out;
}

const EVIDENCE_STRENGTH = tags(
  LABELS.evidenceStrength,
  { strong: 'positive', moderate: 'caution', weak: 'negative' },
  (label) => `${label} evidence`,
);

// The dialog words the states where nothing was found as what the reader should take from them.
const CONNECTION_TYPES: Record<ServiceConnectionEvidence['connectionType'], string> = {
  ...LABELS.connectionType,
  unknown: 'Not determined',
};

export const NEXUS_STRENGTH: Record<NexusEvaluation['overallStrength'], StatusTag> = tags(
  { ...LABELS.nexusStrength, none: 'No nexus opinion found' },
  { strong: 'positive', moderate: 'caution', weak: 'negative', none: 'neutral' },
);

const CLASSIFICATIONS = tags(
  { ...LABELS.opinion, 'non-opinion': 'No opinion given', none: 'No opinion language' },
  { favourable: 'positive', unfavourable: 'negative', speculative: 'caution', 'non-opinion': 'negative', none: 'neutral' },
);

const CONTINUITY = tags(LABELS.continuity, { excellent: 'positive', good: 'positive', fair: 'caution', poor: 'negative' });

const COMPLETENESS = tags(LABELS.completeness, {
  complete: 'positive',
  'mostly-complete': 'caution',
  incomplete: 'negative',
  insufficient: 'negative',
});

const IMPORTANCE = tags(LABELS.importance, { critical: 'negative', important: 'caution', helpful: 'neutral' });

const PRIORITY = tags(LABELS.priority, { high: 'caution', medium: 'neutral', low: 'neutral' }, (label) => `${label} priority`);

const LIKELIHOOD = tags(LABELS.likelihood, { high: 'positive', moderate: 'caution', low: 'neutral' }, (label) => `${label} likelihood`);

// The dialog reads a link as what one condition does to the other.
const RELATIONSHIPS: Record<SecondaryConditionsAnalysis['medicalConnections'][number]['relationshipType'], string> = {
  causation: 'Causes',
  aggravation: 'Makes worse (aggravation)',
  'stated-in-document': 'Link stated in the document',
};

export const PRESENT: StatusTag = { text: LABELS.presence.present, tone: 'positive' };
export const MISSING: StatusTag = { text: LABELS.presence.missing, tone: 'negative' };

function summarySection(result: AnalysisResult): ResultSection | null {
  const findings = arr(result.conditionFindings);
  const conditions: ConditionEntry[] = strings(result.relevantConditions).map((name) => {
    // conditionFindings parallels relevantConditions; match by name so a reordering cannot mislabel.
    const finding = findings.find((f) => clean(f.name).toLowerCase() === name.toLowerCase());
    const codes = [
      ...(clean(finding?.diagnosticCode) ? [`DC ${clean(finding?.diagnosticCode)}`] : []),
      ...(clean(finding?.icd10) ? [`ICD-10 ${clean(finding?.icd10)}`] : []),
    ];
    const source = clean(finding?.source);
    return source ? { name, codes, source } : { name, codes };
  });
  const blocks: Block[] = [
    ...textBlock('Document type', result.documentType),
    ...(conditions.length > 0 ? [{ kind: 'conditions' as const, label: 'Relevant conditions', conditions }] : []),
  ];
  return blocks.length > 0 ? { key: 'summary', title: RESULT_SECTION_TITLES.summary, blocks } : null;
}

function plainListSection(key: ResultSectionKey, value: readonly string[] | undefined): ResultSection | null {
  const blocks = listBlock('', value);
  return blocks.length > 0 ? { key, title: RESULT_SECTION_TITLES[key], blocks } : null;
}

function serviceConnectionSection(evidence: readonly ServiceConnectionEvidence[] | undefined): ResultSection | null {
  const rows = arr(evidence).map((entry) =>
    row(clean(entry.condition) || 'Condition not named', {
      status: tagOf(EVIDENCE_STRENGTH, entry.evidenceStrength),
      details: [
        ...detail('Connection type', CONNECTION_TYPES[entry.connectionType] ?? humanize(clean(entry.connectionType))),
        ...detail('In-service event', clean(entry.inServiceEvent) || NO_IN_SERVICE_EVENT),
        ...detail('Reasoning', entry.reasoning),
      ],
      source: entry.source,
    }),
  );
  const blocks = rowsBlock('', rows);
  return blocks.length > 0 ? { key: 'service-connection', title: RESULT_SECTION_TITLES['service-connection'], blocks } : null;
}

function nexusSection(nexus: NexusEvaluation | undefined): ResultSection | null {
  if (!nexus) return null;
  const doctor = nexus.doctorQualifications;
  const doctorDetails = doctor
    ? [
        ...detail('Name', doctor.name),
        ...detail('Credentials', strings(doctor.credentials).join(', ')),
        ...detail('Board certification', doctor.boardCertification),
        ...detail('Specialty', doctor.specialty),
      ]
    : [];
  const doctorSummary = clean(doctor?.summary);
  const doctorRows =
    doctorSummary || doctorDetails.length > 0
      ? [row(doctorSummary || 'Doctor named in the letter', { details: doctorDetails, source: doctor?.source })]
      : [];
  const opinion = clean(nexus.nexusOpinion);
  const rationale = clean(nexus.medicalRationale);
  const blocks: Block[] = [
    ...statusBlock('Overall strength', tagOf(NEXUS_STRENGTH, nexus.overallStrength)),
    ...statusBlock(
      'Required legal language',
      nexus.hasRequiredLanguage ? { text: 'Found', tone: 'positive' } : { text: 'Not found', tone: 'negative' },
    ),
    ...listBlock('Required language found', nexus.requiredLanguageFound),
    ...listBlock('Missing required language', nexus.missingRequiredLanguage),
    ...(opinion
      ? rowsBlock('Opinion', [row(opinion, { status: tagOf(CLASSIFICATIONS, nexus.classification) })])
      : statusBlock('Opinion', { text: 'No opinion statement found', tone: 'negative' })),
    ...rowsBlock(
      'Opinion phrases',
      arr(nexus.phrases).map((phrase) =>
        row(clean(phrase.phrase), { status: tagOf(CLASSIFICATIONS, phrase.classification), source: phrase.source }),
      ),
    ),
    ...(rationale
      ? textBlock('Medical rationale', rationale)
      : nexus.hasMedicalRationale === false
        ? statusBlock('Medical rationale', { text: 'No rationale found', tone: 'negative' })
        : []),
    ...rowsBlock('Doctor qualifications', doctorRows),
    ...listBlock('What makes it stronger', nexus.strengthFactors),
    ...listBlock('What weakens it', nexus.weaknessFactors),
    ...listBlock('How to improve it', nexus.improvementSuggestions),
  ];
  return { key: 'nexus-evaluation', title: RESULT_SECTION_TITLES['nexus-evaluation'], blocks };
}

/** Events oldest first (ISO dates sort as text); events with the same date keep their order. */
export function sortTimelineEvents<E extends { date: string }>(events: readonly E[]): E[] {
  return arr(events)
    .map((event, index) => ({ event, index }))
    .sort((a, b) => clean(a.event.date).localeCompare(clean(b.event.date)) || a.index - b.index)
    .map(({ event }) => event);
}

function dateText(value: string): string {
  return formatDate(value) || clean(value);
}

function timelineSection(timeline: MedicalTimeline | undefined): ResultSection | null {
  if (!timeline) return null;
  const continuity = timeline.continuityOfCare;
  const blocks: Block[] = [
    ...statusBlock('Continuity of care', tagOf(CONTINUITY, continuity?.overallAssessment)),
    ...listBlock('What supports continuity', continuity?.strengthFactors),
    ...listBlock('Concerning gaps', continuity?.concerningGaps),
    ...rowsBlock(
      'Events',
      sortTimelineEvents(arr(timeline.timelineEvents)).map((event) =>
        row(`${dateText(event.date)} · ${LABELS.eventType[event.eventType] ?? humanize(clean(event.eventType))}`, {
          details: [
            ...detail('What happened', event.description),
            ...detail('Provider', event.provider),
            ...detail('Why it matters', event.significance),
            ...detail('Conditions', strings(event.conditions).join(', ')),
          ],
          source: event.source,
        }),
      ),
    ),
    ...rowsBlock(
      'Condition progression',
      arr(timeline.conditionProgression).map((entry) =>
        row(clean(entry.condition), {
          details: [
            ...detail('First mentioned', dateText(entry.firstMention)),
            ...detail('Progression', entry.progression),
            ...detail('Current status', entry.currentStatus),
          ],
        }),
      ),
    ),
    ...rowsBlock(
      'Treatment gaps',
      arr(timeline.treatmentGaps).map((gap) =>
        row(clean(gap.condition), {
          details: [
            ...detail(
              'Gap',
              [clean(gap.duration), [dateText(gap.startDate), dateText(gap.endDate)].filter(Boolean).join(' to ')]
                .filter(Boolean)
                .join(', '),
            ),
            ...detail('Impact', gap.impact),
          ],
        }),
      ),
    ),
  ];
  return blocks.length > 0 ? { key: 'medical-timeline', title: RESULT_SECTION_TITLES['medical-timeline'], blocks } : null;
}

/** "Mostly complete (80%)". */
export function completenessText(completeness: Pick<MissingEvidenceAnalysis['overallCompleteness'], 'rating' | 'percentComplete'>): string {
  const label = tagOf(COMPLETENESS, completeness.rating)?.text ?? '';
  const percent =
    typeof completeness.percentComplete === 'number' && Number.isFinite(completeness.percentComplete)
      ? `${Math.round(completeness.percentComplete)}%`
      : '';
  return label && percent ? `${label} (${percent})` : label || percent;
}

function missingEvidenceSection(analysis: MissingEvidenceAnalysis | undefined): ResultSection | null {
  if (!analysis) return null;
  const overall = analysis.overallCompleteness;
  const overallText = overall ? completenessText(overall) : '';
  const blocks: Block[] = [
    ...statusBlock(
      'Completeness',
      overallText ? { text: overallText, tone: tagOf(COMPLETENESS, overall?.rating)?.tone ?? 'neutral' } : undefined,
    ),
    ...textBlock('Summary', overall?.summary),
    ...listBlock('Critical missing evidence', overall?.criticalMissing),
    ...rowsBlock(
      'Documentation gaps',
      arr(analysis.documentationGaps).map((gap) =>
        row(clean(gap.missingItem), {
          status: tagOf(IMPORTANCE, gap.importance),
          details: [...detail('Category', gap.category), ...detail('Impact', gap.impact), ...detail('How to obtain', gap.howToObtain)],
        }),
      ),
    ),
    ...rowsBlock(
      'DBQ elements',
      arr(analysis.requiredDBQElements).map((element) =>
        row(clean(element.element), { status: element.present ? PRESENT : MISSING, details: detail('Details', element.details) }),
      ),
    ),
    ...rowsBlock(
      'Additional evidence needed',
      arr(analysis.additionalEvidenceNeeded).map((entry) =>
        row(clean(entry.evidenceType), {
          status: tagOf(PRIORITY, entry.priority),
          details: detail('Purpose', entry.purpose),
          lists: list('Ask for', entry.specificRequests),
        }),
      ),
    ),
  ];
  return blocks.length > 0 ? { key: 'missing-evidence', title: RESULT_SECTION_TITLES['missing-evidence'], blocks } : null;
}

function secondarySection(analysis: SecondaryConditionsAnalysis | undefined): ResultSection | null {
  if (!analysis) return null;
  const overall = analysis.overallAnalysis;
  const blocks: Block[] = [
    ...(overall && typeof overall.totalPotentialClaims === 'number'
      ? textBlock('Potential secondary claims', String(overall.totalPotentialClaims))
      : []),
    ...textBlock('Overall', overall?.summary),
    ...textBlock('Estimated additional compensation', overall?.estimatedAdditionalCompensation),
    ...listBlock('High-priority claims', overall?.highPriorityClaims),
    ...rowsBlock(
      'Primary conditions',
      arr(analysis.identifiedPrimaryConditions).map((entry) =>
        row(clean(entry.condition), {
          status: entry.serviceConnected
            ? { text: 'Service-connected', tone: 'positive' }
            : { text: 'Not known to be service-connected', tone: 'neutral' },
          details: typeof entry.currentRating === 'number' ? detail('Current rating', `${entry.currentRating}%`) : [],
          source: entry.source,
        }),
      ),
    ),
    ...rowsBlock(
      'Potential secondary conditions',
      arr(analysis.potentialSecondaryConditions).map((entry) =>
        row(clean(entry.secondaryCondition), {
          status: tagOf(LIKELIHOOD, entry.likelihood),
          details: [
            ...detail('Secondary to', entry.causedByPrimary),
            ...detail('Medical connection', entry.medicalConnection),
            ...(entry.documented ? detail('In this document', 'Already mentioned') : []),
          ],
          lists: [...list('Common patterns', entry.commonPatterns), ...list('Evidence needed', entry.evidenceNeeded)],
          source: entry.source,
        }),
      ),
    ),
    ...rowsBlock(
      'Medical connections',
      arr(analysis.medicalConnections).map((entry) =>
        row([clean(entry.fromCondition), clean(entry.toCondition)].filter(Boolean).join(' → '), {
          details: [
            ...detail('Relationship', RELATIONSHIPS[entry.relationshipType] ?? humanize(clean(entry.relationshipType))),
            ...detail('Explanation', entry.explanation),
          ],
          source: entry.source,
        }),
      ),
    ),
    ...rowsBlock(
      'Claim recommendations',
      arr(analysis.claimRecommendations).map((entry) =>
        row(clean(entry.recommendedClaim), {
          status: tagOf(PRIORITY, entry.priority),
          details: [...detail('Estimated rating', entry.estimatedRating), ...detail('Why', entry.rationale)],
          lists: list('Evidence required', entry.requiredEvidence),
        }),
      ),
    ),
  ];
  return blocks.length > 0 ? { key: 'secondary-conditions', title: RESULT_SECTION_TITLES['secondary-conditions'], blocks } : null;
}

const SECTIONS: Record<ResultSectionKey, (result: AnalysisResult) => ResultSection | null> = {
  summary: summarySection,
  'key-findings': (result) => plainListSection('key-findings', result.keyFindings),
  'missing-information': (result) => plainListSection('missing-information', result.missingInformation),
  'suggested-actions': (result) => plainListSection('suggested-actions', result.suggestedActions),
  'service-connection': (result) => serviceConnectionSection(result.serviceConnectionEvidence),
  'nexus-evaluation': (result) => nexusSection(result.nexusEvaluation),
  'medical-timeline': (result) => timelineSection(result.medicalTimeline),
  'missing-evidence': (result) => missingEvidenceSection(result.missingEvidenceAnalysis),
  'secondary-conditions': (result) => secondarySection(result.secondaryConditionsAnalysis),
};

/** The sections the results dialog shows, in the shared order; absent and empty parts are left out. */
export function analysisSections(result: AnalysisResult | null | undefined): ResultSection[] {
  if (!result || typeof result !== 'object') return [];
  return RESULT_SECTION_KEYS.map((key) => SECTIONS[key](result)).filter((section): section is ResultSection => section !== null);
}

export interface AnalysisHeader {
  /** "Nexus Letter Evaluator". */
  typeLabel: string;
  /** "Mar 05, 2025", or "" when unknown. */
  analyzedOn: string;
  /** "Produced by Offline rules engine (rules-v1)", or "" when the result names no engine. */
  producedBy: string;
}

export function analysisHeader(
  result: AnalysisResult | null | undefined,
  document?: { analyzedAt?: string | null; analysisType?: string | null },
): AnalysisHeader {
  const engineName = clean(result?.engine?.name);
  const engineModel = clean(result?.engine?.model);
  return {
    typeLabel: analysisTypeLabel(result?.analysisType ?? document?.analysisType),
    analyzedOn: formatDate(document?.analyzedAt ?? null),
    producedBy: engineName ? `Produced by ${engineName}${engineModel ? ` (${engineModel})` : ''}` : '',
  };
}

/** How a quoted source sentence reads: From the document: “…”. */
export function sourceQuote(source: string): string {
  return `From the document: “${source.trim()}”`;
}
