/** Sentence splitting, and the negation scope every rule module builds on. */

export interface Sentence {
  /** Index in document order. */
  index: number;
  /** Paragraph (blank-line separated block) the sentence belongs to. */
  paragraph: number;
  text: string;
}

/** Abbreviations whose trailing period does not end a sentence. */
const ABBREVIATIONS = [
  'dr',
  'mr',
  'mrs',
  'ms',
  'sgt',
  'ssg',
  'sfc',
  'msg',
  'cpl',
  'pfc',
  'spc',
  'lt',
  'capt',
  'cpt',
  'col',
  'maj',
  'gen',
  'st',
  'vs',
  'e.g',
  'i.e',
  'etc',
  'no',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'ph.d',
  'psy.d',
  'm.d',
  'd.o',
  'approx',
  'fig',
  'ft',
  'inc',
  'jr',
  'sr',
  'a.m',
  'p.m',
];

function endsWithAbbreviation(chunk: string): boolean {
  const m = /([A-Za-z][A-Za-z.]*)\.$/.exec(chunk);
  if (!m || m[1] === undefined) return false;
  const word = m[1].toLowerCase();
  // Single capital letters ("J. Smith") are initials, not sentence ends.
  if (/^[a-z]$/.test(word)) return true;
  return ABBREVIATIONS.includes(word);
}

/** Words a sentence does not end on: a line ending in one was wrapped. */
const CONTINUES =
  /\b(?:a|an|the|and|or|but|of|to|as|by|for|in|on|at|with|than|that|is|was|are|were|be|not|his|her|their|this|from|into|more|less)$/i;
/** A line that starts like a form field or list item ("Date: …", "- item", "2. item"). */
const FIELD_OR_ITEM = /^(?:[-*•]|\d+[.)]\s|[A-Z][A-Za-z /]{0,30}:)/;

/**
 * Joins lines that were wrapped inside a sentence (PDF text comes out one printed line at a time),
 * and keeps the rest as they are: form-like records put one fact per line.
 */
export function unwrapLines(paragraph: string): string[] {
  const lines: string[] = [];
  for (const raw of paragraph.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const previous = lines[lines.length - 1];
    const wrapped =
      previous !== undefined &&
      !/[.!?:;]$/.test(previous) &&
      !FIELD_OR_ITEM.test(line) &&
      (/^[a-z(]/.test(line) || CONTINUES.test(previous) || previous.length >= 60);
    if (wrapped) lines[lines.length - 1] = `${previous} ${line}`;
    else lines.push(line);
  }
  return lines;
}

/**
 * Splits text into sentences. Line breaks end a sentence when the line looks like a header or list
 * item (documents are often form-like); lines wrapped inside a sentence are joined. Periods after known
 * abbreviations, initials and inside numbers ("3.5", "F43.10") do not split.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  let index = 0;
  paragraphs.forEach((para, paragraph) => {
    for (const line of unwrapLines(para)) {
      const trimmed = line.trim();
      if (!trimmed) continue;
      let buffer = '';
      const re = /[.!?]+(?=\s|$)/g;
      let last = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(trimmed))) {
        const end = m.index + m[0].length;
        const chunk = buffer + trimmed.slice(last, end);
        last = end;
        if (m[0] === '.' && endsWithAbbreviation(chunk)) {
          buffer = chunk;
          continue;
        }
        buffer = '';
        const s = chunk.trim();
        if (s) out.push({ index: index++, paragraph, text: s });
      }
      const rest = (buffer + trimmed.slice(last)).trim();
      if (rest) out.push({ index: index++, paragraph, text: rest });
    }
  });
  return out;
}

/** Negation scope (NegEx/ConText) is the shared reader's, so the engine and the evidence rules negate alike. */
export { isNegated } from '@cc/contracts/reading';
