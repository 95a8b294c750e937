import {
  ANALYSIS_TYPE_LABELS,
  NO_IN_SERVICE_EVENT,
  RESULT_SECTION_KEYS,
  RESULT_SECTION_TITLES,
  RESULT_VALUE_LABELS as LABELS,
  resultValueLabel as label,
  type AnalysisResult,
  type ConditionFinding,
  type MedicalTimeline,
  type MissingEvidenceAnalysis,
  type NexusEvaluation,
  type ResultSectionKey,
  type SecondaryConditionsAnalysis,
  type ServiceConnectionEvidence,
} from '@cc/contracts';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  bulletBlocks,
  bullets,
  card,
  cell,
  configuredPdfmake,
  fields,
  fitsEasilyOnAPage,
  formatReportDate,
  grid,
  isBlank,
  isoDate,
  keepHeadingWithContent,
  labelled,
  nonBlank,
  optional,
  paragraph,
  PDF_STYLES,
  printable,
  quote,
  quoted,
  section,
  subsection,
  yesNo,
} from './pdfBlocks';

/**
 * A PDF of one AI analysis result, for the veteran to keep, print or take to a representative: what
 * it says and in which order. Section titles, order and value labels are the contracts', shared with
 * the results dialog; the blocks it is built from are in pdfBlocks.ts. `analysisReportDefinition`
 * is pure (result -> pdfmake document definition) so it can be tested without rendering;
 * `renderAnalysisReport` turns it into PDF bytes.
 */

export interface AnalysisReportInput {
  result: AnalysisResult;
  originalFileName: string;
  generatedAt: Date;
}

/** From the product's Use of AI Policy; keep the wording in step with it. */
export const REPORT_DISCLAIMERS: readonly string[] = Object.freeze([
  'AI can make mistakes. It may misread a document, miss something important, or sound confident about something that is wrong.',
  'It only knows what you share with it, and VA rules and rates can change. Rating and deadline estimates are not VA decisions.',
  'You stay in charge of your claim. Please check every AI result against your own records before you rely on it or send anything to the VA.',
  'For important decisions, consider asking an accredited VSO representative, claims agent or attorney to review your claim. Accredited VSOs help veterans free of charge.',
  'The AI does not give legal, medical or financial advice, and its answers are general information only. For questions about your health, please talk to your doctor.',
  'Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs, and is not a VA agent, a VSO or an attorney.',
]);

export const REPORT_TITLE = 'AI Document Analysis Report';
export const REPORT_NOTICE =
  'This report was produced by AI. Check every finding against your own records before you rely on it or send anything to the VA.';
export const REPORT_FOOTER = 'Claims Copilot — AI analysis report';
const PRODUCT = 'Claims Copilot';

/** Section headings: the result's (in their shared order), then the disclaimers, which close every report. */
export const REPORT_SECTIONS = { ...RESULT_SECTION_TITLES, disclaimers: 'Disclaimers' } as const;

// File names are chosen by the user; an absurdly long one would push the cover onto a second page.
const MAX_FILE_NAME = 200;

function displayFileName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= MAX_FILE_NAME ? name : `${chars.slice(0, MAX_FILE_NAME - 1).join('')}…`;
}

// ---------------------------------------------------------------------------------------------
// Cover.

// US Letter, the paper a veteran is most likely to print on.
const PAGE_WIDTH = 612;
const SIDE_MARGIN = 54;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * SIDE_MARGIN;

function cover(input: AnalysisReportInput): Content {
  const { result } = input;
  return {
    stack: [
      { text: REPORT_TITLE, style: 'title' },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 2, lineColor: '#1f3a5f' }], margin: [0, 0, 0, 24] },
      ...labelled('File', displayFileName(input.originalFileName)),
      ...labelled('Analysis', ANALYSIS_TYPE_LABELS[result.analysisType]),
      ...labelled('Generated', formatReportDate(input.generatedAt)),
      ...labelled('Produced by', `${result.engine.name} (${result.engine.model})`),
      ...labelled('Document type', result.documentType),
      notice(),
    ],
    style: 'cover',
    pageBreak: 'after',
  };
}

const NOTICE_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 1.5,
  vLineWidth: () => 1.5,
  hLineColor: () => '#8a6100',
  vLineColor: () => '#8a6100',
  fillColor: () => '#fff6dd',
  paddingLeft: () => 12,
  paddingRight: () => 12,
  paddingTop: () => 10,
  paddingBottom: () => 10,
};

function notice(): Content {
  return {
    table: { widths: ['*'], body: [[{ text: [{ text: 'Please note: ', bold: true }, REPORT_NOTICE] }]] },
    layout: NOTICE_LAYOUT,
    margin: [0, 28, 0, 0],
  };
}

// ---------------------------------------------------------------------------------------------
// Sections common to every analysis type.

function summary(result: AnalysisResult): Content[] {
  const conditions = result.relevantConditions.filter((name) => !isBlank(name));
  const blocks = conditions.map((name, i) => conditionBlock(name, findingFor(result.conditionFindings, name, i)));
  return [...labelled('Document type', result.documentType), ...subsection('Conditions found in the document', blocks)];
}

/** Findings parallel relevantConditions by position; look up by name in case an engine reorders them. */
function findingFor(findings: readonly ConditionFinding[], name: string, index: number): ConditionFinding | undefined {
  return findings.find((f) => f.name === name) ?? findings[index];
}

function conditionBlock(name: string, finding: ConditionFinding | undefined): Content {
  const codes = [
    finding?.diagnosticCode ? `VA diagnostic code ${finding.diagnosticCode}` : undefined,
    finding?.icd10 ? `ICD-10 ${finding.icd10}` : undefined,
  ].filter((c): c is string => c !== undefined);
  const heading: Content = { text: [{ text: printable(name), bold: true }, codes.length > 0 ? `  (${printable(codes.join(', '))})` : ''] };
  const source = quote(finding?.source);
  const keep = fitsEasilyOnAPage([name, ...codes, finding?.source ?? '']);
  return { stack: source ? [heading, source] : [heading], margin: [0, 0, 0, 6], unbreakable: keep };
}

function list(items: readonly string[], numbered = false): Content[] {
  const shown = nonBlank(items).map((item) => printable(item));
  if (shown.length === 0) return [];
  return [numbered ? { ol: shown, style: 'list' } : { ul: shown, style: 'list' }];
}

// ---------------------------------------------------------------------------------------------
// Service connection.

function serviceConnection(evidence: readonly ServiceConnectionEvidence[] | undefined): Content[] {
  return (evidence ?? []).map(serviceCard);
}

function serviceCard(e: ServiceConnectionEvidence): Content {
  return card(e.condition, [
    ['Evidence strength', label(LABELS.evidenceStrength, e.evidenceStrength)],
    ['Connection type', label(LABELS.connectionType, e.connectionType)],
    ['In-service event', isBlank(e.inServiceEvent) ? NO_IN_SERVICE_EVENT : e.inServiceEvent],
    ['Reasoning', optional(e.reasoning)],
    ['From the document', quoted(e.source)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Nexus letter.

function nexus(n: NexusEvaluation | undefined): Content[] {
  if (!n) return [];
  return [
    ...fields([
      ['Overall strength', label(LABELS.nexusStrength, n.overallStrength)],
      ['Opinion', label(LABELS.opinion, n.classification)],
      ['Required legal language', n.hasRequiredLanguage ? LABELS.presence.present : LABELS.presence.missing],
      ['Language found', quotedList(n.requiredLanguageFound)],
      ['Language missing', quotedList(n.missingRequiredLanguage)],
    ]),
    ...subsection("The doctor's opinion", optionalQuote(n.nexusOpinion)),
    ...subsection('Medical rationale', paragraph(n.medicalRationale)),
    ...subsection("Doctor's qualifications", doctor(n.doctorQualifications)),
    ...subsection('Opinion phrases found', bulletBlocks(n.phrases.map(phraseBlock))),
    ...subsection('What makes the letter strong', bullets(n.strengthFactors)),
    ...subsection('What weakens the letter', bullets(n.weaknessFactors)),
    ...subsection('How the letter could be improved', bullets(n.improvementSuggestions)),
  ];
}

function quotedList(values: readonly string[]): string | undefined {
  const shown = nonBlank(values);
  return shown.length === 0 ? undefined : shown.map((v) => `“${v}”`).join('; ');
}

function optionalQuote(value: string): Content[] {
  const q = quote(value);
  return q ? [{ stack: [q], margin: [0, 0, 0, 6] }] : [];
}

function doctor(d: NexusEvaluation['doctorQualifications']): Content[] {
  return fields([
    ['Name', optional(d.name)],
    ['Credentials', optional(nonBlank(d.credentials).join(', '))],
    ['Board certification', optional(d.boardCertification)],
    ['Specialty', optional(d.specialty)],
    ['Summary', optional(d.summary)],
    ['From the document', quoted(d.source)],
  ]);
}

function phraseBlock(p: NexusEvaluation['phrases'][number]): Content {
  const source = quote(p.source);
  const line: Content = { text: [{ text: `“${printable(p.phrase)}”`, bold: true }, ` — ${label(LABELS.opinion, p.classification)}`] };
  return { stack: source ? [line, source] : [line], margin: [0, 0, 0, 4] };
}

// ---------------------------------------------------------------------------------------------
// Medical timeline.

function timeline(t: MedicalTimeline | undefined): Content[] {
  if (!t) return [];
  const care = t.continuityOfCare;
  return [
    ...labelled('Continuity of care', label(LABELS.continuity, care.overallAssessment)),
    ...subsection('What supports continuity of care', bullets(care.strengthFactors)),
    ...subsection('Concerning gaps', bullets(care.concerningGaps)),
    ...subsection('Events', eventsTable(t.timelineEvents)),
    ...subsection('How each condition progressed', progressionTable(t.conditionProgression)),
    ...subsection('Gaps in treatment', bulletBlocks(t.treatmentGaps.map(gapBlock))),
  ];
}

function eventsTable(events: MedicalTimeline['timelineEvents']): Content[] {
  const rows = events.map((e): TableCell[] => [
    cell(isoDate(e.date)),
    label(LABELS.eventType, e.eventType),
    cell(e.description),
    cell(e.provider),
    cell(e.significance),
  ]);
  return grid(['Date', 'Type', 'What happened', 'Provider', 'Why it matters'], [62, 58, '*', 78, 88], rows);
}

function progressionTable(items: MedicalTimeline['conditionProgression']): Content[] {
  const rows = items.map((p): TableCell[] => [
    cell(p.condition),
    cell(isoDate(p.firstMention)),
    cell(p.progression),
    cell(p.currentStatus),
  ]);
  return grid(['Condition', 'First mentioned', 'Progression', 'Current status'], [100, 72, '*', 100], rows);
}

function gapBlock(g: MedicalTimeline['treatmentGaps'][number]): Content {
  const head = {
    text: [
      { text: `${printable(g.condition)}: ${printable(g.duration)}`, bold: true },
      printable(` (${isoDate(g.startDate)} to ${isoDate(g.endDate)})`),
    ],
  };
  return { stack: [head, ...paragraph(g.impact)], margin: [0, 0, 0, 2] };
}

// ---------------------------------------------------------------------------------------------
// Missing evidence.

function missingEvidence(m: MissingEvidenceAnalysis | undefined): Content[] {
  if (!m) return [];
  const overall = m.overallCompleteness;
  return [
    ...labelled('Overall completeness', `${label(LABELS.completeness, overall.rating)} (${Math.round(overall.percentComplete)}% complete)`),
    ...paragraph(overall.summary),
    ...subsection('Critical items missing', bullets(overall.criticalMissing)),
    ...subsection('Gaps in the documentation', m.documentationGaps.map(documentationGapCard)),
    ...subsection('DBQ elements', dbqTable(m.requiredDBQElements)),
    ...subsection('Additional evidence needed', m.additionalEvidenceNeeded.map(additionalEvidenceCard)),
  ];
}

function documentationGapCard(g: MissingEvidenceAnalysis['documentationGaps'][number]): Content {
  return card(g.missingItem, [
    ['Importance', label(LABELS.importance, g.importance)],
    ['Category', optional(g.category)],
    ['Why it matters', optional(g.impact)],
    ['How to get it', optional(g.howToObtain)],
  ]);
}

/** Status is spelled out ("Present"/"Missing"): colour only reinforces it, for readers who cannot see colour. */
function dbqTable(elements: MissingEvidenceAnalysis['requiredDBQElements']): Content[] {
  const rows = elements.map((e): TableCell[] => [
    cell(e.element),
    { text: e.present ? LABELS.presence.present : LABELS.presence.missing, bold: true, color: e.present ? '#1d6b33' : '#a3261b' },
    cell(e.details),
  ]);
  return grid(['Element', 'Status', 'Details'], ['*', 56, 150], rows);
}

function additionalEvidenceCard(a: MissingEvidenceAnalysis['additionalEvidenceNeeded'][number]): Content {
  return card(a.evidenceType, [
    ['Priority', label(LABELS.priority, a.priority)],
    ['Purpose', optional(a.purpose)],
    ['What to ask for', a.specificRequests],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Secondary conditions.

function secondary(s: SecondaryConditionsAnalysis | undefined): Content[] {
  if (!s) return [];
  const overall = s.overallAnalysis;
  return [
    ...fields([
      ['Possible claims', String(overall.totalPotentialClaims)],
      ['Summary', optional(overall.summary)],
      ['High-priority claims', overall.highPriorityClaims],
      ['Additional compensation', optional(overall.estimatedAdditionalCompensation)],
    ]),
    ...subsection('Primary conditions', bulletBlocks(s.identifiedPrimaryConditions.map(primaryBlock))),
    ...subsection('Possible secondary conditions', s.potentialSecondaryConditions.map(secondaryCard)),
    ...subsection('Medical connections', bulletBlocks(s.medicalConnections.map(connectionBlock))),
    ...subsection('Claim recommendations', s.claimRecommendations.map(recommendationCard)),
  ];
}

function primaryBlock(p: SecondaryConditionsAnalysis['identifiedPrimaryConditions'][number]): Content {
  const status = p.serviceConnected ? 'service-connected' : 'not service-connected';
  const rating = p.currentRating === null ? '' : `, rated ${p.currentRating}%`;
  const head: Content = { text: [{ text: printable(p.condition), bold: true }, ` — ${status}${rating}`] };
  const source = quote(p.source);
  return { stack: source ? [head, source] : [head], margin: [0, 0, 0, 4] };
}

function secondaryCard(c: SecondaryConditionsAnalysis['potentialSecondaryConditions'][number]): Content {
  const patterns = nonBlank(c.commonPatterns).filter((p) => p !== c.medicalConnection);
  return card(`${c.secondaryCondition}, secondary to ${c.causedByPrimary}`, [
    ['Likelihood', label(LABELS.likelihood, c.likelihood)],
    ['Already in this document', yesNo(c.documented)],
    ['Medical connection', optional(c.medicalConnection)],
    ['Other known patterns', patterns],
    ['Evidence needed', c.evidenceNeeded],
    ['From the document', quoted(c.source)],
  ]);
}

function connectionBlock(c: SecondaryConditionsAnalysis['medicalConnections'][number]): Content {
  const head: Content = {
    text: [
      { text: `${printable(c.fromCondition)} to ${printable(c.toCondition)}`, bold: true },
      ` (${label(LABELS.relationship, c.relationshipType)})`,
    ],
  };
  const source = quote(c.source);
  return { stack: [head, ...paragraph(c.explanation), ...(source ? [source] : [])], margin: [0, 0, 0, 2] };
}

function recommendationCard(r: SecondaryConditionsAnalysis['claimRecommendations'][number]): Content {
  return card(r.recommendedClaim, [
    ['Priority', label(LABELS.priority, r.priority)],
    ['Estimated rating', optional(r.estimatedRating)],
    ['Rationale', optional(r.rationale)],
    ['Evidence required', r.requiredEvidence],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Disclaimers, footer and the document.

/** What each section holds; [] leaves the section out. Suggested actions are steps, so numbered. */
const SECTION_BODIES: Record<ResultSectionKey, (result: AnalysisResult) => Content[]> = {
  summary,
  'key-findings': (result) => list(result.keyFindings),
  'missing-information': (result) => list(result.missingInformation),
  'suggested-actions': (result) => list(result.suggestedActions, true),
  'service-connection': (result) => serviceConnection(result.serviceConnectionEvidence),
  'nexus-evaluation': (result) => nexus(result.nexusEvaluation),
  'medical-timeline': (result) => timeline(result.medicalTimeline),
  'missing-evidence': (result) => missingEvidence(result.missingEvidenceAnalysis),
  'secondary-conditions': (result) => secondary(result.secondaryConditionsAnalysis),
};

/** Short and fixed, so always kept on one page with its heading. */
function disclaimers(): Content[] {
  return section(REPORT_SECTIONS.disclaimers, [{ ol: [...REPORT_DISCLAIMERS], style: 'list', unbreakable: true }]);
}

function footer(currentPage: number, pageCount: number): Content {
  return {
    columns: [
      { text: REPORT_FOOTER, style: 'footer' },
      { text: `Page ${currentPage} of ${pageCount}`, style: 'footer', alignment: 'right' },
    ],
    style: 'footer',
    margin: [SIDE_MARGIN, 18, SIDE_MARGIN, 0],
  };
}

export function analysisReportDefinition(input: AnalysisReportInput): TDocumentDefinitions {
  const { result } = input;
  return {
    info: {
      title: `${REPORT_TITLE}: ${printable(displayFileName(input.originalFileName))}`,
      subject: ANALYSIS_TYPE_LABELS[result.analysisType],
      creator: PRODUCT,
      producer: PRODUCT,
      // pdfkit throws on an invalid date; it then stamps the time of rendering instead.
      ...(Number.isNaN(input.generatedAt.getTime()) ? {} : { creationDate: input.generatedAt }),
    },
    pageSize: 'LETTER',
    pageMargins: [SIDE_MARGIN, 54, SIDE_MARGIN, 60],
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.2, color: '#1a1a1a' },
    styles: PDF_STYLES,
    footer,
    pageBreakBefore: keepHeadingWithContent,
    content: [
      cover(input),
      ...RESULT_SECTION_KEYS.flatMap((key) => section(REPORT_SECTIONS[key], SECTION_BODIES[key](result))),
      ...disclaimers(),
    ],
  };
}

export async function renderAnalysisReport(input: AnalysisReportInput): Promise<Buffer> {
  const pdfmake = await configuredPdfmake();
  return pdfmake.createPdf(analysisReportDefinition(input)).getBuffer();
}
