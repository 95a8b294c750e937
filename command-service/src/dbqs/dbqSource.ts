import { bundledDbqs } from '@cc/contracts/referenceData';
import { readBodyText } from '@cc/platform';

/** One DBQ as a source lists it. */
export interface DbqSourceEntry {
  /** The VA form number, e.g. 21-0960M-9 (read from the PDF's address, which is what people download). */
  dbqId: string;
  title: string;
  category: string;
  conditionGroup: string | null;
  fileUrl: string;
}

/** The source could not be read or held no DBQs; the sync changes nothing. */
export class DbqSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbqSourceError';
  }
}

export const BUNDLED_SOURCE = 'bundled catalogue';

/**
 * The bundled catalogue as a source. Its id is the number in the PDF's address, as on a page: VA's
 * page lists 21-0960F-1 and F-2 with their links the other way round, and the links agree with the
 * best reading (F-1 scars, F-2 skin diseases; DOMAIN.md §5), so the PDF decides.
 */
export function bundledDbqEntries(): DbqSourceEntry[] {
  return bundledDbqs().map((d) => {
    const fromUrl = DBQ_PDF.exec(d.pdfUrl)?.[1];
    return {
      dbqId: fromUrl ? normaliseFormNumber(fromUrl) : d.formNumber,
      title: d.title,
      category: d.category,
      conditionGroup: d.conditionGroup,
      fileUrl: d.pdfUrl,
    };
  });
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Visible text of an HTML or Markdown fragment: tags and emphasis removed, entities decoded, spaces collapsed. */
function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<[^>]*>/g, ' ').replace(/\*\*|__/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Where each category of VA's DBQ page begins. The page groups DBQs by body system: in its source
 * (vagov-content `pages/disability/dbq-questionnaires/forms.md`) and in the HTML built from it each
 * group is an accordion whose button names the category; newer VA.gov pages use
 * `<va-accordion-item header="…">`; headings are accepted too.
 */
function categoryMarkers(page: string): { at: number; category: string }[] {
  const patterns = [
    /<button\b[^>]*accordion[^>]*>([\s\S]*?)<\/button>/gi,
    /<va-accordion-item\b[^>]*\bheader="([^"]*)"/gi,
    /<h[2-4]\b[^>]*>([\s\S]*?)<\/h[2-4]>/gi,
    /^#{2,4}[ \t]+(.+)$/gm,
  ];
  const markers: { at: number; category: string }[] = [];
  for (const pattern of patterns) {
    for (const match of page.matchAll(pattern)) {
      const category = textOf(match[1] ?? '');
      if (category) markers.push({ at: match.index, category });
    }
  }
  return markers.sort((a, b) => a.at - b.at);
}

const DBQ_PDF = /VBA-(21-0960[A-Z]-\d+[A-Za-z]?)-ARE\.pdf/i;

/** The table row a link sits in: the enclosing `<tr>` in HTML, its line in Markdown. */
function rowAround(page: string, at: number): string {
  const trStart = page.lastIndexOf('<tr', at);
  const trEnd = page.indexOf('</tr>', at);
  const previousEnd = page.lastIndexOf('</tr>', at);
  if (trStart !== -1 && trEnd !== -1 && trStart > previousEnd) return page.slice(trStart, trEnd);
  const lineStart = page.lastIndexOf('\n', at) + 1;
  const lineEnd = page.indexOf('\n', at);
  return page.slice(lineStart, lineEnd === -1 ? page.length : lineEnd);
}

/** The row's first bold text outside the link: the condition group ("Knee and lower leg conditions"). */
function conditionGroupIn(row: string): string | null {
  const withoutLinks = row.replace(/<a\b[\s\S]*?<\/a>/gi, ' ').replace(/\[[^\]]*\]\([^)]*\)/g, ' ');
  const bold = /\*\*([\s\S]+?)\*\*|<(?:strong|b)\b[^>]*>([\s\S]*?)<\/(?:strong|b)>/i.exec(withoutLinks);
  const text = bold ? textOf(bold[1] ?? bold[2] ?? '') : '';
  return text || null;
}

function normaliseFormNumber(raw: string): string {
  const [, series = '', number = ''] = /^21-0960([A-Za-z])-(.+)$/.exec(raw) ?? [];
  return `21-0960${series.toUpperCase()}-${number}`;
}

/**
 * The DBQs of a page in the format of VA's public DBQ page (Markdown with HTML, or the HTML built
 * from it): every link to a DBQ PDF (`VBA-21-0960X-N-ARE.pdf`) is one DBQ, titled by its link
 * text, in the category of the accordion (or heading) above it. A form listed twice counts once.
 */
export function parseDbqPage(page: string, pageUrl?: string): DbqSourceEntry[] {
  const markers = categoryMarkers(page);
  const links = [
    ...[...page.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi)].map((m) => ({
      at: m.index,
      href: m[1]!,
      text: m[2]!,
    })),
    ...[...page.matchAll(/\[([^\]]+)\]\(\s*([^)\s]+)\s*\)/g)].map((m) => ({ at: m.index, href: m[2]!, text: m[1]! })),
  ].sort((a, b) => a.at - b.at);
  const entries = new Map<string, DbqSourceEntry>();
  for (const link of links) {
    const href = decodeEntities(link.href);
    const form = DBQ_PDF.exec(href);
    if (!form) continue;
    const dbqId = normaliseFormNumber(form[1]!);
    const title = textOf(link.text);
    const category = markers.filter((m) => m.at < link.at).pop()?.category;
    if (!title || !category || entries.has(dbqId)) continue;
    let fileUrl = href;
    try {
      fileUrl = new URL(href, pageUrl).toString();
    } catch {
      // An address that cannot be resolved is kept as written.
    }
    entries.set(dbqId, { dbqId, title, category, conditionGroup: conditionGroupIn(rowAround(page, link.at)), fileUrl });
  }
  return [...entries.values()];
}

export interface FetchDbqPageOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** Reads and parses the page at `url`; any failure, or a page without DBQs, is a DbqSourceError. */
export async function fetchDbqPage(url: string, options: FetchDbqPageOptions = {}): Promise<DbqSourceEntry[]> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'text/html, text/markdown;q=0.9, text/plain;q=0.8' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      redirect: 'follow',
    });
  } catch (cause) {
    throw new DbqSourceError(`The DBQ page could not be reached (${(cause as Error).message})`, { cause });
  }
  if (!response.ok) throw new DbqSourceError(`The DBQ page answered ${response.status}`);
  let page: string;
  try {
    page = await readBodyText(response, maxBytes);
  } catch (error) {
    throw new DbqSourceError(`The DBQ page could not be read (${(error as Error).message})`, { cause: error });
  }
  const entries = parseDbqPage(page, response.url || url);
  if (entries.length === 0) throw new DbqSourceError('No DBQs were found on the DBQ page');
  return entries;
}
