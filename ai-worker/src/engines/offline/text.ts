/** Sentence splitting and negation scope: the text primitives every rule module builds on. */

export interface Sentence {
  /** Index in document order. */
  index: number;
  /** Paragraph (blank-line separated block) the sentence belongs to. */
  paragraph: number;
  text: string;
}

/** Abbreviations whose trailing period does not end a sentence. */
const ABBREVIATIONS = [
  'dr', 'mr', 'mrs', 'ms', 'sgt', 'ssg', 'sfc', 'msg', 'cpl', 'pfc', 'spc', 'lt', 'capt', 'cpt', 'col', 'maj', 'gen',
  'st', 'vs', 'e.g', 'i.e', 'etc', 'no', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov',
  'dec', 'u.s', 'ph.d', 'psy.d', 'm.d', 'd.o', 'approx', 'fig', 'ft', 'inc', 'jr', 'sr', 'a.m', 'p.m',
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
const CONTINUES = /\b(?:a|an|the|and|or|but|of|to|as|by|for|in|on|at|with|than|that|is|was|are|were|be|not|his|her|their|this|from|into|more|less)$/i;
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

/** Cues that negate what follows them in the same clause. */
const PRE_NEGATION =
  /\b(denies|denied|denying|no evidence of|no signs? of|no history of|no complaints? of|negative for|free of|absence of|without|no|not|never|rules? out|ruled out for|did not have|does not have|no diagnosis of|other than)\b/gi;
/** Cues that negate what comes right before them ("sleep apnea was ruled out"). */
const POST_NEGATION = /^\s*(?:was|is|has been|were|have been)?\s*(?:ruled out|excluded|not found|negative|absent)\b/i;
/** Words that end a negation's scope. */
const SCOPE_END = /[;:]|\b(but|however|although|though|except|which|who|whereas|yet|and (?:has|is|was|reports|endorses|carries|with))\b/i;
/** Cue-followers that are not negations of the condition ("no other cause for his sleep apnea"). */
const PSEUDO = /^\s*(?:\w+\s+){0,2}?(?:other|longer|change|doubt|question|only|further|new|significant change)\b/i;
/** A negation scope is at most this many words. */
const MAX_SCOPE_WORDS = 8;

/** Family history and other mentions that are not about the veteran. */
const NOT_THE_PATIENT = /\b(family history of|mother|father|brother|sister|sibling|parent)s?\b[^.;]*$/i;

/** Speculative "cannot rule out" is not a negation. */
const CANNOT_RULE_OUT = /\b(cannot|can not|can't|could not|unable to) (?:be )?rule[ds]? out\b/i;

/**
 * True when the span [start, end) of `sentence` is negated: a pre-negation cue within the same
 * clause and at most MAX_SCOPE_WORDS words before it, a post-negation cue right after it, or a
 * family-history mention.
 */
export function isNegated(sentence: string, start: number, end: number): boolean {
  const before = sentence.slice(0, start);
  if (NOT_THE_PATIENT.test(before)) return true;
  const after = sentence.slice(end);
  if (POST_NEGATION.test(after) && !CANNOT_RULE_OUT.test(sentence)) return true;
  let m: RegExpExecArray | null;
  PRE_NEGATION.lastIndex = 0;
  let negated = false;
  while ((m = PRE_NEGATION.exec(before))) {
    const cueEnd = m.index + m[0].length;
    const between = before.slice(cueEnd);
    const cueContext = before.slice(Math.max(0, m.index - 12), cueEnd);
    if (CANNOT_RULE_OUT.test(cueContext + between.slice(0, 5))) continue;
    if (/^not$/i.test(m[0]) && /^\s*(only|just|at least|less)\b/i.test(between)) continue;
    // The "not" of a probability phrase ("as likely as not", "more likely than not", "whether or not").
    if (/^not$/i.test(m[0]) && /\b(as|than|or)\s+$/i.test(before.slice(0, m.index))) continue;
    if (/^no$/i.test(m[0]) && /^\.?\s*\d/.test(between)) continue;
    if (SCOPE_END.test(between)) continue;
    if (PSEUDO.test(between)) continue;
    const words = between.trim() ? between.trim().split(/\s+/).length : 0;
    if (words <= MAX_SCOPE_WORDS) negated = true;
  }
  return negated;
}
