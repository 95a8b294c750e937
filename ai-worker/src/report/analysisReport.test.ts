import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ANALYSIS_TYPE_LABELS, analysisResultSchema, type AnalysisResult, type AnalysisType } from '@cc/contracts';
import { createOfflineEngine, OFFLINE_ENGINE_MODEL } from '../engines/offline/engine';
import { extractDocumentText } from '../extraction/extractText';
import { formatReportDate, printable } from './pdfBlocks';
import {
  analysisReportDefinition,
  renderAnalysisReport,
  REPORT_DISCLAIMERS,
  REPORT_FOOTER,
  REPORT_NOTICE,
  REPORT_SECTIONS,
  type AnalysisReportInput,
} from './analysisReport';

const CORPUS = path.resolve(__dirname, '../../corpus');
const GENERATED_AT = new Date('2026-11-22T15:30:00Z');
const PDFTOTEXT = '/usr/bin/pdftotext';

const CASES: readonly { file: string; analysisType: AnalysisType }[] = [
  { file: 'nexus-strong-osa-secondary-ptsd', analysisType: 'nexus-letter' },
  { file: 'va-primary-care-knee-gap', analysisType: 'timeline' },
  { file: 'dbq-sleep-apnea', analysisType: 'missing-evidence' },
  { file: 'nexus-gerd-secondary-nsaids', analysisType: 'secondary-conditions' },
  { file: 'buddy-statement-ied-blast', analysisType: 'general' },
];

async function analyse(file: string, analysisType: AnalysisType): Promise<AnalysisResult> {
  const text = fs.readFileSync(path.join(CORPUS, `${file}.txt`), 'utf8');
  return analysisResultSchema.parse(await createOfflineEngine().analyze({ text, analysisType }));
}

const inputFor = (result: AnalysisResult, file: string): AnalysisReportInput => ({
  result,
  originalFileName: `${file}.pdf`,
  generatedAt: GENERATED_AT,
});

/** Every string a reader would see, from any pdfmake node shape this module uses. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (typeof node !== 'object' || node === null) return [];
  const n = node as Record<string, unknown>;
  return ['text', 'stack', 'ul', 'ol', 'columns', 'table', 'body'].flatMap((key) => texts(n[key]));
}

/** Section headings in order: the nodes styled as section headings, wherever pdfmake nesting put them. */
function headings(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(headings);
  if (typeof node !== 'object' || node === null) return [];
  const n = node as Record<string, unknown>;
  if (n.style === 'sectionHeading' && typeof n.text === 'string') return [n.text];
  return ['stack', 'ul', 'ol', 'columns'].flatMap((key) => headings(n[key]));
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Text of a rendered PDF, by poppler when installed, otherwise by the app's own extractor. */
async function pdfToText(pdf: Buffer): Promise<string> {
  if (fs.existsSync(PDFTOTEXT)) return squash(execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8'));
  return squash(await extractDocumentText(pdf, 'application/pdf'));
}

/** Right edge of the rightmost word on any page (US Letter is 612pt wide, margins 54pt), if poppler is installed. */
function rightmostWordEdge(pdf: Buffer): number | undefined {
  if (!fs.existsSync(PDFTOTEXT)) return undefined;
  const html = execFileSync(PDFTOTEXT, ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  const edges = [...html.matchAll(/<word [^>]*xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
  expect(edges.length).toBeGreaterThan(0);
  return Math.max(...edges);
}

/** What a reader should find, worked out from the result independently of the report code. */
function expectedSections(r: AnalysisResult): string[] {
  const present: [boolean, string][] = [
    [r.documentType.trim() !== '' || r.relevantConditions.length > 0, REPORT_SECTIONS.summary],
    [r.keyFindings.length > 0, REPORT_SECTIONS['key-findings']],
    [r.missingInformation.length > 0, REPORT_SECTIONS['missing-information']],
    [r.suggestedActions.length > 0, REPORT_SECTIONS['suggested-actions']],
    [(r.serviceConnectionEvidence ?? []).length > 0, REPORT_SECTIONS['service-connection']],
    [r.nexusEvaluation !== undefined, REPORT_SECTIONS['nexus-evaluation']],
    [r.medicalTimeline !== undefined, REPORT_SECTIONS['medical-timeline']],
    [r.missingEvidenceAnalysis !== undefined, REPORT_SECTIONS['missing-evidence']],
    [r.secondaryConditionsAnalysis !== undefined, REPORT_SECTIONS['secondary-conditions']],
    [true, REPORT_SECTIONS.disclaimers],
  ];
  return present.filter(([shown]) => shown).map(([, title]) => title);
}

/** Sentences the result says it read from the document. */
function sourceSentences(r: AnalysisResult): string[] {
  return [
    ...r.conditionFindings.map((f) => f.source),
    ...(r.serviceConnectionEvidence ?? []).flatMap((e) => (e.source ? [e.source] : [])),
    ...(r.nexusEvaluation?.phrases ?? []).map((p) => p.source),
    ...(r.secondaryConditionsAnalysis?.potentialSecondaryConditions ?? []).map((c) => c.source),
    ...(r.secondaryConditionsAnalysis?.identifiedPrimaryConditions ?? []).map((c) => c.source),
  ].filter((s) => s.trim() !== '');
}

const emptyResult = (): AnalysisResult => ({
  analysisType: 'general',
  engine: { name: 'offline', model: 'rules-2025.1' },
  documentType: '',
  relevantConditions: [],
  conditionFindings: [],
  keyFindings: [],
  missingInformation: [],
  suggestedActions: [],
});

describe('analysis report definition', () => {
  it.each(CASES)(
    'has exactly the sections present in the $analysisType result, its source sentences and the disclaimers',
    async ({ file, analysisType }) => {
      const result = await analyse(file, analysisType);
      const definition = analysisReportDefinition(inputFor(result, file));
      const shown = texts(definition.content).join('\n');

      expect(headings(definition.content)).toEqual(expectedSections(result));
      expect(sourceSentences(result).length).toBeGreaterThan(0);
      for (const sentence of sourceSentences(result)) expect(shown).toContain(`“${sentence.trim()}”`);
      for (const disclaimer of REPORT_DISCLAIMERS) expect(shown).toContain(disclaimer);
      expect(shown).toContain(ANALYSIS_TYPE_LABELS[analysisType]);
      expect(shown).toContain(`${file}.pdf`);
    },
  );

  it('shows the specialised section of each analysis type and not the others', async () => {
    const nexus = headings(analysisReportDefinition(inputFor(await analyse(CASES[0]!.file, 'nexus-letter'), 'n')).content);
    expect(nexus).toContain('Nexus Letter Evaluation');
    expect(nexus).not.toContain('Medical Timeline');
    expect(nexus).not.toContain('Service Connection Evidence');
    const timeline = headings(analysisReportDefinition(inputFor(await analyse(CASES[1]!.file, 'timeline'), 't')).content);
    expect(timeline).toContain('Medical Timeline');
    expect(timeline).not.toContain('Nexus Letter Evaluation');
  });

  it('has all six disclaimers from the Use of AI Policy, last', () => {
    expect(REPORT_DISCLAIMERS).toHaveLength(6);
    expect(REPORT_DISCLAIMERS[0]).toBe(
      'AI can make mistakes. It may misread a document, miss something important, or sound confident about something that is wrong.',
    );
    expect(REPORT_DISCLAIMERS[5]).toBe(
      'Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs, and is not a VA agent, a VSO or an attorney.',
    );
    expect(headings(analysisReportDefinition(inputFor(emptyResult(), 'x')).content).at(-1)).toBe('Disclaimers');
  });

  it('puts the cover facts and the AI notice on a page of their own', async () => {
    const result = await analyse(CASES[0]!.file, 'nexus-letter');
    const definition = analysisReportDefinition(inputFor(result, CASES[0]!.file));
    const [cover] = definition.content as unknown[];
    const coverText = texts(cover).join('');
    expect(coverText).toContain('AI Document Analysis Report');
    expect(coverText).toContain('File: nexus-strong-osa-secondary-ptsd.pdf');
    expect(coverText).toContain('Analysis: Nexus Letter Evaluator');
    expect(coverText).toContain('Generated: November 22, 2026');
    expect(coverText).toContain(`Produced by: offline (${OFFLINE_ENGINE_MODEL})`);
    expect(coverText).toContain(`Document type: ${result.documentType}`);
    expect(coverText).toContain(REPORT_NOTICE);
    expect(cover).toMatchObject({ pageBreak: 'after' });
  });

  it('labels the document and numbers every page in the footer', () => {
    const definition = analysisReportDefinition(inputFor(emptyResult(), 'scan'));
    expect(definition.info).toMatchObject({
      title: 'AI Document Analysis Report: scan.pdf',
      producer: 'Claims Copilot',
      creator: 'Claims Copilot',
    });
    expect(typeof definition.footer).toBe('function');
    const footer = (definition.footer as (page: number, pages: number) => unknown)(2, 5);
    expect(texts(footer)).toEqual([REPORT_FOOTER, 'Page 2 of 5']);
  });

  it('writes DBQ element status in words, not colour alone', async () => {
    const result = await analyse('dbq-sleep-apnea', 'missing-evidence');
    const shown = texts(analysisReportDefinition(inputFor(result, 'dbq')).content);
    const present = result.missingEvidenceAnalysis!.requiredDBQElements.filter((e) => e.present).length;
    expect(present).toBeGreaterThan(0);
    expect(shown.filter((t) => t === 'Present')).toHaveLength(present);
  });

  it('leaves out empty lists and empty optional sections', () => {
    const result: AnalysisResult = {
      ...emptyResult(),
      documentType: 'VA treatment record',
      keyFindings: ['', '  '],
      serviceConnectionEvidence: [],
    };
    const definition = analysisReportDefinition(inputFor(result, 'x'));
    expect(headings(definition.content)).toEqual(['Summary', 'Disclaimers']);
  });

  it('formats the date in US English', () => {
    expect(formatReportDate(new Date('2026-11-22T23:30:00Z'))).toBe('November 22, 2026');
    expect(formatReportDate(new Date('2026-01-05T00:00:00Z'))).toBe('January 5, 2026');
  });

  it('drops control characters and bidi overrides but keeps line breaks', () => {
    expect(printable('tab\there\u0000nul\u202Eevil')).toBe('tab here nul evil');
    expect(printable('Line one\r\nLine two\rLine three')).toBe('Line one\nLine two\nLine three');
    expect(printable('Gulf War 🎖️ Служба')).toBe('Gulf War 🎖️ Служба');
  });

  it('shortens an absurdly long file name on the cover', () => {
    const name = `${'n'.repeat(500)}.pdf`;
    const cover = texts((analysisReportDefinition(inputFor(emptyResult(), 'x')).content as unknown[])[0]).join('');
    expect(cover).toContain('x.pdf');
    const long = texts(
      (analysisReportDefinition({ result: emptyResult(), originalFileName: name, generatedAt: GENERATED_AT }).content as unknown[])[0],
    ).join('');
    expect(long).toContain(`File: ${'n'.repeat(199)}…`);
    expect(long).not.toContain('n'.repeat(200));
  });
});

describe('rendered analysis report', () => {
  it('is a PDF whose text has the file name, analysis type, findings and page numbers', async () => {
    const { file, analysisType } = CASES[0]!;
    const result = await analyse(file, analysisType);
    const pdf = await renderAnalysisReport(inputFor(result, file));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfToText(pdf);
    expect(text).toContain(`${file}.pdf`);
    expect(text).toContain(ANALYSIS_TYPE_LABELS[analysisType]);
    expect(text).toContain(result.keyFindings[0]);
    expect(text).toContain('November 22, 2026');
    expect(text).toMatch(/Page 1 of (\d+)/);
    const pages = Number(/Page 1 of (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(squash(REPORT_DISCLAIMERS[3]!));
    const edge = rightmostWordEdge(pdf);
    if (edge !== undefined) expect(edge).toBeLessThanOrEqual(612 - 54 + 1);
  });

  it('renders a result with every optional section absent as the cover and the disclaimers', async () => {
    const pdf = await renderAnalysisReport(inputFor(emptyResult(), 'empty'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf);
    expect(text).toContain('Page 2 of 2');
    expect(text).toContain('Disclaimers');
    expect(text).not.toContain('Summary');
  });

  it('renders a hostile file name and hostile document text without throwing', async () => {
    const longWord = `${'Ж'.repeat(400)}_${'9'.repeat(400)}`;
    const originalFileName = `${'very-long-name-'.repeat(40)}${longWord} 🎖️🇺🇸 退伍军人 \u202Eevil\u0007 <b>&amp;</b> Службa.pdf`;
    const timeline = await analyse('va-primary-care-knee-gap', 'timeline');
    const events = timeline.medicalTimeline!.timelineEvents.map((e) => ({
      ...e,
      provider: `https://example.org/${'provider'.repeat(30)}`,
    }));
    const result: AnalysisResult = {
      ...timeline,
      keyFindings: [longWord, '💥'.repeat(300), 'Line one\nLine two\r\n\tLine three'],
      medicalTimeline: { ...timeline.medicalTimeline!, timelineEvents: events },
    };
    const pdf = await renderAnalysisReport({ result, originalFileName, generatedAt: new Date(Number.NaN) });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf);
    expect(text.replace(/\s/g, '')).toContain('Ж'.repeat(400));
    expect(text).toContain('Unknown date');
    const edge = rightmostWordEdge(pdf);
    if (edge !== undefined) expect(edge).toBeLessThanOrEqual(612 - 54 + 1);
  });
});
