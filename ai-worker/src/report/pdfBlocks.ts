import type { Content, CustomTableLayout, Node, NodeQueries, StyleDictionary, TableCell } from 'pdfmake/interfaces';

/**
 * The building blocks the app's PDFs are made of (pdfmake content, styles and page-flow rules), and
 * the setup of pdfmake itself. They know nothing about what a report says; analysisReport.ts does.
 */

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

export const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
export const nonBlank = (values: readonly string[]): string[] => values.filter((v) => !isBlank(v));

// Reports are made on a server that does not know the veteran's time zone; UTC keeps them stable.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function formatReportDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? 'Unknown date' : LONG_DATE.format(date);
}

/** "2015-03-14" -> "Mar 14, 2015"; anything else (e.g. "undated") is shown as written. */
export function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : SHORT_DATE.format(date);
}

// ---------------------------------------------------------------------------------------------
// Building blocks. Each returns [] when it has nothing to show, so empty parts simply vanish.

export function section(title: string, body: Content[]): Content[] {
  return headed({ text: title, style: 'sectionHeading', headlineLevel: 1 }, body);
}

export function subsection(title: string, body: Content[]): Content[] {
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

export function paragraph(value: string | undefined): Content[] {
  return value === undefined || isBlank(value) ? [] : [{ text: printable(value), margin: [0, 0, 0, 6] }];
}

export function quote(value: string | undefined): Content | undefined {
  return value === undefined || isBlank(value) ? undefined : { text: `“${printable(value.trim())}”`, style: 'quote' };
}

export function bullets(items: readonly string[]): Content[] {
  const shown = nonBlank(items);
  return shown.length === 0 ? [] : [{ ul: shown.map((item) => printable(item)), style: 'list' }];
}

export function bulletBlocks(items: Content[]): Content[] {
  return items.length === 0 ? [] : [{ ul: items, style: 'list' }];
}

/** "Label: value" on one line, so it reads (and extracts) as a sentence. */
export function labelled(name: string, value: string | undefined): Content[] {
  return value === undefined || isBlank(value)
    ? []
    : [{ text: [{ text: `${name}: `, bold: true }, printable(value)], margin: [0, 0, 0, 4] }];
}

/** A field's value: plain text, a list, or a sentence quoted from the document. */
type FieldValue = string | readonly string[] | Quoted | undefined;
interface Quoted {
  readonly quote: string | undefined;
}
export type Field = readonly [name: string, value: FieldValue];

export const quoted = (value: string | undefined): Quoted => ({ quote: value });

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
export function fields(rows: readonly Field[]): Content[] {
  const body: TableCell[][] = [];
  for (const [name, value] of rows) {
    const content = fieldContent(value);
    if (content !== undefined) body.push([{ text: name, style: 'fieldName' }, content]);
  }
  return body.length === 0 ? [] : [{ table: { widths: [FIELD_NAME_WIDTH, '*'], body }, layout: FIELD_LAYOUT, margin: [0, 0, 0, 6] }];
}

/** One titled item (a condition, a gap, a recommendation) with its details. */
export function card(title: string, rows: readonly Field[]): Content {
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

export function fitsEasilyOnAPage(texts: readonly string[]): boolean {
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
export function grid(headers: readonly string[], widths: ('*' | number)[], rows: TableCell[][]): Content[] {
  if (rows.length === 0) return [];
  const head: TableCell[] = headers.map((h) => ({ text: h, style: 'tableHeader' }));
  return [{ table: { headerRows: 1, widths, body: [head, ...rows] }, layout: GRID_LAYOUT, style: 'table' }];
}

export const cell = (value: string | undefined): TableCell => (value === undefined ? '' : printable(value));
export const optional = (value: string | undefined): string | undefined => (value === undefined || isBlank(value) ? undefined : value);
export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
/**
 * Moves a heading to the next page when nothing but other headings would follow it on this one.
 * pdfmake reports the footer's nodes as following every heading too, so they are told apart by style.
 */
export function keepHeadingWithContent(node: Node, queries: NodeQueries): boolean {
  if (node.headlineLevel === undefined) return false;
  const content = queries.getFollowingNodesOnPage().filter((n) => n.headlineLevel === undefined && n.style !== 'footer');
  return content.length === 0;
}

export const PDF_STYLES: StyleDictionary = {
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

// ---------------------------------------------------------------------------------------------
// Rendering.

/**
 * pdfmake, set up for a render. It is loaded at the first PDF rather than at start-up (about a fifth
 * of a second of the process's start). It is a process-wide singleton, so it is set up on every call,
 * and nothing else can leave it able to fetch URLs or read files other than our fonts (the
 * definition holds document text only).
 */
export async function configuredPdfmake() {
  const [{ default: pdfmake }, { default: robotoFonts }] = await Promise.all([import('pdfmake'), import('pdfmake/fonts/Roboto.js')]);
  const fontFiles = new Set(Object.values(robotoFonts.Roboto));
  pdfmake.setFonts(robotoFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));
  return pdfmake;
}
