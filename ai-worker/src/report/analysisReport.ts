import {
  ANALYSIS_TYPE_LABELS,
  type AnalysisResult,
  type ConditionFinding,
  type MedicalTimeline,
  type MissingEvidenceAnalysis,
  type NexusEvaluation,
  type SecondaryConditionsAnalysis,
  type ServiceConnectionEvidence,
} from '@cc/contracts';
import pdfmake from 'pdfmake';
import robotoFonts from 'pdfmake/fonts/Roboto.js';
import type { Content, CustomTableLayout, Node, NodeQueries, StyleDictionary, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * A PDF of one AI analysis result, for the veteran to keep, print or take to a representative.
 * `analysisReportDefinition` is pure (result -> pdfmake document definition) so it can be tested
 * without rendering; `renderAnalysisReport` turns it into PDF bytes.
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

/** Section headings, in report order; a section appears only when the result has content for it. */
export const REPORT_SECTIONS = {
  summary: 'Summary',
  keyFindings: 'Key Findings',
  missingInformation: 'Missing Information',
  suggestedActions: 'Suggested Actions',
  serviceConnection: 'Service Connection Evidence',
  nexus: 'Nexus Letter Evaluation',
  timeline: 'Medical Timeline',
  missingEvidence: 'Missing Evidence',
  secondary: 'Secondary Conditions',
  disclaimers: 'Disclaimers',
} as const;

// ---------------------------------------------------------------------------------------------
// Text from the result is document or user text of any length and content.

// pdfmake itself breaks a word that is wider than its column, so only characters that would print
// as boxes or garbage need handling: control characters and bidirectional overrides (pdfkit does
// no bidi layout).
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNPRINTABLE = /[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/** Text safe to print: control characters and bidi overrides become spaces; line breaks stay. */
export function printable(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNPRINTABLE, ' ');
}

// File names are chosen by the user; an absurdly long one would push the cover onto a second page.
const MAX_FILE_NAME = 200;

function displayFileName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= MAX_FILE_NAME ? name : `${chars.slice(0, MAX_FILE_NAME - 1).join('')}…`;
}

const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
const nonBlank = (values: readonly string[]): string[] => values.filter((v) => !isBlank(v));

// Reports are made on a server that does not know the veteran's time zone; UTC keeps them stable.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatReportDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? 'Unknown date' : LONG_DATE.format(date);
}

/** "2015-03-14" -> "Mar 14, 2015"; anything else (e.g. "undated") is shown as written. */
function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : SHORT_DATE.format(date);
}

// The contracts use British spellings and kebab-case enum values; the report reads as US English.
const VALUE_LABELS: Readonly<Record<string, string>> = {
  favourable: 'Favorable',
  unfavourable: 'Unfavorable',
  'non-opinion': 'Non-opinion (no opinion given)',
  none: 'None found',
  'mostly-complete': 'Mostly complete',
  'in-service': 'In service',
  'stated-in-document': 'Stated in the document',
};

function label(value: string): string {
  const known = VALUE_LABELS[value];
  if (known) return known;
  const words = value.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Building blocks. Each returns [] when it has nothing to show, so empty parts simply vanish.

function section(title: string, body: Content[]): Content[] {
  return headed({ text: title, style: 'sectionHeading', headlineLevel: 1 }, body);
}

function subsection(title: string, body: Content[]): Content[] {
  return headed({ text: title, style: 'subHeading', headlineLevel: 2 }, body);
}

/**
 * A heading followed by its body. When the body starts with a block that is kept together, the
 * heading joins that block: pdfmake reports an unbreakable block's nodes on the page it started
 * from, so `keepHeadingWithContent` alone cannot see that the block moved on to the next page.
 */
function headed(heading: Content, body: Content[]): Content[] {
  const [first, ...rest] = body;
  if (first === undefined) return [];
  return isKeptTogether(first) ? [{ stack: [heading, first], unbreakable: true }, ...rest] : [heading, ...body];
}

const isKeptTogether = (content: Content): boolean =>
  typeof content === 'object' && !Array.isArray(content) && 'unbreakable' in content && content.unbreakable === true;

function paragraph(value: string | undefined): Content[] {
  return value === undefined || isBlank(value) ? [] : [{ text: printable(value), margin: [0, 0, 0, 6] }];
}

function quote(value: string | undefined): Content | undefined {
  return value === undefined || isBlank(value) ? undefined : { text: `“${printable(value.trim())}”`, style: 'quote' };
}

function bullets(items: readonly string[]): Content[] {
  const shown = nonBlank(items);
  return shown.length === 0 ? [] : [{ ul: shown.map((item) => printable(item)), style: 'list' }];
}

function bulletBlocks(items: Content[]): Content[] {
  return items.length === 0 ? [] : [{ ul: items, style: 'list' }];
}

/** "Label: value" on one line, so it reads (and extracts) as a sentence. */
function labelled(name: string, value: string | undefined): Content[] {
  return value === undefined || isBlank(value) ? [] : [{ text: [{ text: `${name}: `, bold: true }, printable(value)], margin: [0, 0, 0, 4] }];
}

/** A field's value: plain text, a list, or a sentence quoted from the document. */
type FieldValue = string | readonly string[] | Quoted | undefined;
interface Quoted {
  readonly quote: string | undefined;
}
type Field = readonly [name: string, value: FieldValue];

const quoted = (value: string | undefined): Quoted => ({ quote: value });

function fieldContent(value: FieldValue): Content | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return isBlank(value) ? undefined : printable(value);
  if ('quote' in value) return quote(value.quote);
  const shown = nonBlank(value);
  return shown.length === 0 ? undefined : { ul: shown.map((item) => printable(item)) };
}

const FIELD_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: (i) => (i === 0 ? 0 : 8),
  paddingRight: () => 0,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};
const FIELD_NAME_WIDTH = 130;

/** Two-column "name | value" table; rows without a value are left out. */
function fields(rows: readonly Field[]): Content[] {
  const body: TableCell[][] = [];
  for (const [name, value] of rows) {
    const content = fieldContent(value);
    if (content !== undefined) body.push([{ text: name, style: 'fieldName' }, content]);
  }
  return body.length === 0 ? [] : [{ table: { widths: [FIELD_NAME_WIDTH, '*'], body }, layout: FIELD_LAYOUT, margin: [0, 0, 0, 6] }];
}

/** One titled item (a condition, a gap, a recommendation) with its details. */
function card(title: string, rows: readonly Field[]): Content {
  return {
    stack: [{ text: printable(title), style: 'cardTitle' }, ...fields(rows)],
    margin: [0, 0, 0, 8],
    unbreakable: fitsEasilyOnAPage([title, ...rows.flatMap(([, value]) => valueTexts(value))]),
  };
}

// pdfmake keeps only the first page of an unbreakable block that is taller than a page, so a block
// is kept together only when a generous estimate of its height is well under one page.
const CHARS_PER_LINE = 50;
const LINE_HEIGHT = 16;
const MAX_UNBREAKABLE_HEIGHT = 360;

function fitsEasilyOnAPage(texts: readonly string[]): boolean {
  return estimatedLines(texts) * LINE_HEIGHT < MAX_UNBREAKABLE_HEIGHT;
}

function valueTexts(value: FieldValue): readonly string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return 'quote' in value ? [value.quote ?? ''] : value;
}

function estimatedLines(texts: readonly string[]): number {
  let lines = 0;
  for (const text of texts) {
    for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / CHARS_PER_LINE));
  }
  return lines;
}

const GRID_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i) => (i <= 1 ? '#6b7a8c' : '#c9d1db'),
  fillColor: (row) => (row === 0 ? '#e8edf3' : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A data table with a header row that repeats on every page it spans. */
function grid(headers: readonly string[], widths: ('*' | number)[], rows: TableCell[][]): Content[] {
  if (rows.length === 0) return [];
  const head: TableCell[] = headers.map((h) => ({ text: h, style: 'tableHeader' }));
  return [{ table: { headerRows: 1, widths, body: [head, ...rows] }, layout: GRID_LAYOUT, style: 'table' }];
}

const cell = (value: string | undefined): TableCell => (value === undefined ? '' : printable(value));
const optional = (value: string | undefined): string | undefined => (value === undefined || isBlank(value) ? undefined : value);
const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

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
  return section(REPORT_SECTIONS.summary, [...labelled('Document type', result.documentType), ...subsection('Conditions found in the document', blocks)]);
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

function listSection(title: string, items: readonly string[], numbered = false): Content[] {
  const shown = nonBlank(items).map((item) => printable(item));
  if (shown.length === 0) return [];
  return section(title, [numbered ? { ol: shown, style: 'list' } : { ul: shown, style: 'list' }]);
}

// ---------------------------------------------------------------------------------------------
// Service connection.

function serviceConnection(evidence: readonly ServiceConnectionEvidence[] | undefined): Content[] {
  return section(REPORT_SECTIONS.serviceConnection, (evidence ?? []).map(serviceCard));
}

function serviceCard(e: ServiceConnectionEvidence): Content {
  return card(e.condition, [
    ['Evidence strength', label(e.evidenceStrength)],
    ['Connection type', label(e.connectionType)],
    ['In-service event', isBlank(e.inServiceEvent) ? 'None found in this document' : e.inServiceEvent],
    ['Reasoning', optional(e.reasoning)],
    ['From the document', quoted(e.source)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Nexus letter.

function nexus(n: NexusEvaluation | undefined): Content[] {
  if (!n) return [];
  return section(REPORT_SECTIONS.nexus, [
    ...fields([
      ['Overall strength', label(n.overallStrength)],
      ['Opinion', label(n.classification)],
      ['Required legal language', n.hasRequiredLanguage ? 'Present' : 'Missing'],
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
  ]);
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
  const line: Content = { text: [{ text: `“${printable(p.phrase)}”`, bold: true }, ` — ${label(p.classification)}`] };
  return { stack: source ? [line, source] : [line], margin: [0, 0, 0, 4] };
}

// ---------------------------------------------------------------------------------------------
// Medical timeline.

function timeline(t: MedicalTimeline | undefined): Content[] {
  if (!t) return [];
  const care = t.continuityOfCare;
  return section(REPORT_SECTIONS.timeline, [
    ...labelled('Continuity of care', label(care.overallAssessment)),
    ...subsection('What supports continuity of care', bullets(care.strengthFactors)),
    ...subsection('Concerning gaps', bullets(care.concerningGaps)),
    ...subsection('Events', eventsTable(t.timelineEvents)),
    ...subsection('How each condition progressed', progressionTable(t.conditionProgression)),
    ...subsection('Gaps in treatment', bulletBlocks(t.treatmentGaps.map(gapBlock))),
  ]);
}

function eventsTable(events: MedicalTimeline['timelineEvents']): Content[] {
  const rows = events.map((e): TableCell[] => [
    cell(isoDate(e.date)),
    label(e.eventType),
    cell(e.description),
    cell(e.provider),
    cell(e.significance),
  ]);
  return grid(['Date', 'Type', 'What happened', 'Provider', 'Why it matters'], [62, 58, '*', 78, 88], rows);
}

function progressionTable(items: MedicalTimeline['conditionProgression']): Content[] {
  const rows = items.map((p): TableCell[] => [cell(p.condition), cell(isoDate(p.firstMention)), cell(p.progression), cell(p.currentStatus)]);
  return grid(['Condition', 'First mentioned', 'Progression', 'Current status'], [100, 72, '*', 100], rows);
}

function gapBlock(g: MedicalTimeline['treatmentGaps'][number]): Content {
  const head = { text: [{ text: `${printable(g.condition)}: ${printable(g.duration)}`, bold: true }, printable(` (${isoDate(g.startDate)} to ${isoDate(g.endDate)})`)] };
  return { stack: [head, ...paragraph(g.impact)], margin: [0, 0, 0, 2] };
}

// ---------------------------------------------------------------------------------------------
// Missing evidence.

function missingEvidence(m: MissingEvidenceAnalysis | undefined): Content[] {
  if (!m) return [];
  const overall = m.overallCompleteness;
  return section(REPORT_SECTIONS.missingEvidence, [
    ...labelled('Overall completeness', `${label(overall.rating)} (${Math.round(overall.percentComplete)}% complete)`),
    ...paragraph(overall.summary),
    ...subsection('Critical items missing', bullets(overall.criticalMissing)),
    ...subsection('Gaps in the documentation', m.documentationGaps.map(documentationGapCard)),
    ...subsection('DBQ elements', dbqTable(m.requiredDBQElements)),
    ...subsection('Additional evidence needed', m.additionalEvidenceNeeded.map(additionalEvidenceCard)),
  ]);
}

function documentationGapCard(g: MissingEvidenceAnalysis['documentationGaps'][number]): Content {
  return card(g.missingItem, [
    ['Importance', label(g.importance)],
    ['Category', optional(g.category)],
    ['Why it matters', optional(g.impact)],
    ['How to get it', optional(g.howToObtain)],
  ]);
}

/** Status is spelled out ("Present"/"Missing"): colour only reinforces it, for readers who cannot see colour. */
function dbqTable(elements: MissingEvidenceAnalysis['requiredDBQElements']): Content[] {
  const rows = elements.map((e): TableCell[] => [
    cell(e.element),
    { text: e.present ? 'Present' : 'Missing', bold: true, color: e.present ? '#1d6b33' : '#a3261b' },
    cell(e.details),
  ]);
  return grid(['Element', 'Status', 'Details'], ['*', 56, 150], rows);
}

function additionalEvidenceCard(a: MissingEvidenceAnalysis['additionalEvidenceNeeded'][number]): Content {
  return card(a.evidenceType, [
    ['Priority', label(a.priority)],
    ['Purpose', optional(a.purpose)],
    ['What to ask for', a.specificRequests],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Secondary conditions.

function secondary(s: SecondaryConditionsAnalysis | undefined): Content[] {
  if (!s) return [];
  const overall = s.overallAnalysis;
  return section(REPORT_SECTIONS.secondary, [
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
  ]);
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
    ['Likelihood', label(c.likelihood)],
    ['Already in this document', yesNo(c.documented)],
    ['Medical connection', optional(c.medicalConnection)],
    ['Other known patterns', patterns],
    ['Evidence needed', c.evidenceNeeded],
    ['From the document', quoted(c.source)],
  ]);
}

function connectionBlock(c: SecondaryConditionsAnalysis['medicalConnections'][number]): Content {
  const head: Content = { text: [{ text: `${printable(c.fromCondition)} to ${printable(c.toCondition)}`, bold: true }, ` (${label(c.relationshipType)})`] };
  const source = quote(c.source);
  return { stack: [head, ...paragraph(c.explanation), ...(source ? [source] : [])], margin: [0, 0, 0, 2] };
}

function recommendationCard(r: SecondaryConditionsAnalysis['claimRecommendations'][number]): Content {
  return card(r.recommendedClaim, [
    ['Priority', label(r.priority)],
    ['Estimated rating', optional(r.estimatedRating)],
    ['Rationale', optional(r.rationale)],
    ['Evidence required', r.requiredEvidence],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Disclaimers, footer and the document.

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

/**
 * Moves a heading to the next page when nothing but other headings would follow it on this one.
 * pdfmake reports the footer's nodes as following every heading too, so they are told apart by style.
 */
function keepHeadingWithContent(node: Node, queries: NodeQueries): boolean {
  if (node.headlineLevel === undefined) return false;
  const content = queries.getFollowingNodesOnPage().filter((n) => n.headlineLevel === undefined && n.style !== 'footer');
  return content.length === 0;
}

const STYLES: StyleDictionary = {
  cover: { fontSize: 13, lineHeight: 1.35 },
  title: { fontSize: 26, bold: true, color: '#1f3a5f', margin: [0, 90, 0, 10] },
  sectionHeading: { fontSize: 17, bold: true, color: '#1f3a5f', margin: [0, 16, 0, 8] },
  subHeading: { fontSize: 12.5, bold: true, color: '#2b3f57', margin: [0, 8, 0, 4] },
  cardTitle: { fontSize: 11.5, bold: true, margin: [0, 2, 0, 3] },
  fieldName: { bold: true, color: '#3d4754' },
  quote: { italics: true, color: '#3d4754' },
  list: { margin: [0, 0, 0, 6] },
  table: { fontSize: 10, margin: [0, 2, 0, 8] },
  tableHeader: { bold: true, color: '#1f2a37' },
  footer: { fontSize: 9, color: '#555f6b' },
};

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
    styles: STYLES,
    footer,
    pageBreakBefore: keepHeadingWithContent,
    content: [
      cover(input),
      ...summary(result),
      ...listSection(REPORT_SECTIONS.keyFindings, result.keyFindings),
      ...listSection(REPORT_SECTIONS.missingInformation, result.missingInformation),
      ...listSection(REPORT_SECTIONS.suggestedActions, result.suggestedActions, true),
      ...serviceConnection(result.serviceConnectionEvidence),
      ...nexus(result.nexusEvaluation),
      ...timeline(result.medicalTimeline),
      ...missingEvidence(result.missingEvidenceAnalysis),
      ...secondary(result.secondaryConditionsAnalysis),
      ...disclaimers(),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering.

const FONT_FILES = new Set(Object.values(robotoFonts.Roboto));

/**
 * pdfmake is a process-wide singleton; set it up on every call so that nothing else can leave it
 * able to fetch URLs or read files other than our fonts (the definition holds document text only).
 */
export function configurePdfmake(): void {
  pdfmake.setFonts(robotoFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));
}

export async function renderAnalysisReport(input: AnalysisReportInput): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(analysisReportDefinition(input)).getBuffer();
}
