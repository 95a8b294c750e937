import { MAX_SCOPE_WORDS } from './negation';

/**
 * Reading a medical opinion (DOMAIN §3.2 and §10.7): the probability phrases VA examiners and the
 * Board use, each read with its negation scope, and the opinion of a whole document decided by its
 * conclusion.
 *
 * - favourable: "at least as likely as not", "as likely as not", "more likely than not", "likely",
 *   "probably"; and the double negation of an unfavourable phrase ("not unlikely", "not less likely
 *   than not"), since the negation of "less than 50 %" is "50 % or more".
 * - unfavourable: "less likely than not", "not at least as likely as not", "unlikely", and every
 *   favourable phrase inside a negation's scope ("probably not related", "most likely not", "it is
 *   not likely", "I do not believe it is at least as likely as not").
 * - speculative: "may", "could", "might", "possibly", "cannot be ruled out" (Obert v. Brown; Bloom v. West).
 * - non-opinion: "cannot resolve without resort to mere speculation", and any probability phrase
 *   inside "I cannot state / am unable to say / cannot determine …" (Jones v. Shinseki): no opinion
 *   either way, which carries no weight unless the examiner explains why.
 */

export type OpinionClass = 'favourable' | 'unfavourable' | 'speculative' | 'non-opinion';
export type OpinionReading = OpinionClass | 'none';

interface PhraseRule {
  phrase: string;
  pattern: RegExp;
  classification: OpinionClass;
  /** The legal-standard phrases VA asks examiners to use (§3.2 rows 1-3, and their negations). */
  standard: boolean;
}

/**
 * Longest phrases first: overlapping matches are resolved in favour of the longer one, so
 * "not at least as likely as not" beats "at least as likely as not", which beats "as likely as not".
 */
const PHRASE_RULES: PhraseRule[] = [
  {
    phrase: 'not at least as likely as not',
    pattern: /\bnot at least as likely as not\b/gi,
    classification: 'unfavourable',
    standard: true,
  },
  {
    phrase: 'cannot resolve without resort to mere speculation',
    pattern:
      /\b(?:cannot|can ?not|can't|unable to|could not|not able to)\b[^.;]{0,60}?\b(?:mere |pure )?speculation\b|\bwithout resort(?:ing)? to (?:mere |pure )?speculation\b|\bwould (?:be|require) (?:mere |pure )?speculat\w*/gi,
    classification: 'non-opinion',
    standard: false,
  },
  { phrase: 'at least as likely as not', pattern: /\bat least as likely as not\b/gi, classification: 'favourable', standard: true },
  { phrase: 'less likely than not', pattern: /\bless likely than not\b/gi, classification: 'unfavourable', standard: true },
  { phrase: 'more likely than not', pattern: /\bmore likely than not\b/gi, classification: 'favourable', standard: true },
  { phrase: 'as likely as not', pattern: /\bas likely as not\b/gi, classification: 'favourable', standard: true },
  {
    phrase: 'cannot rule out',
    pattern: /\b(?:cannot|can ?not|can't|could not|unable to)\s+(?:be\s+)?rule[ds]?\s+out\b/gi,
    classification: 'speculative',
    standard: false,
  },
  {
    phrase: 'could not have',
    pattern: /\bcould not (?:possibly )?(?:be|have been|have)\b/gi,
    classification: 'unfavourable',
    standard: false,
  },
  { phrase: 'unlikely', pattern: /\b(?:highly |very |most |extremely )?unlikely\b/gi, classification: 'unfavourable', standard: false },
  { phrase: 'may be', pattern: /\bmay (?:not )?(?:possibly )?(?:be|have been|have)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'could be', pattern: /\bcould (?:possibly )?(?:be|have been|have)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'might be', pattern: /\bmight (?:not )?(?:be|have been|have)\b/gi, classification: 'speculative', standard: false },
  {
    phrase: 'possibly',
    pattern: /\b(?:possibly|possible that|it is possible|a possibility)\b/gi,
    classification: 'speculative',
    standard: false,
  },
  { phrase: 'likely', pattern: /\b(?:most |very |highly |quite )?likely\b/gi, classification: 'favourable', standard: false },
  { phrase: 'probably', pattern: /\b(?:most |very )?probabl[ey]\b/gi, classification: 'favourable', standard: false },
];

/** "I cannot state that…", "I am unable to say whether…", "it is not possible to determine…". */
const NON_OPINION_TRIGGER =
  /\b(?:cannot|can ?not|can't|could not|unable to|not able to|not possible to|impossible to|no way to|decline to|defer(?:red)? (?:to|on))\s+(?:\w+\s+){0,2}?(?:state|say|determine|conclude|opine|provide|render|offer|give|resolve|establish|confirm|find|comment|answer)\b/gi;
/** Plain negation before a phrase ("not likely", "I do not believe it is at least as likely as not"). */
const NEGATION_TRIGGER = /\b(?:not|no|never|nor|without|doubtful|(?<!\bno |\bwithout |\bwithout a )doubt)\b/gi;
/** Negation words that negate nothing here ("not only", "no doubt", "whether or not", "without question"). */
const PSEUDO_NEGATION =
  /^(?:not (?:only|just|necessarily|to mention)|no (?:doubt|question|other|further|change)|without (?:a )?(?:doubt|question|reservation))\b/i;
/** Where a negation's scope ends: another clause. */
const TERMINATOR = /[;:]|,\s*(?:and|but|so)\b|\b(?:but|however|although|though|whereas|yet|nevertheless|except|rather)\b/i;
/** The link a predicate negation denies ("probably not related", "likely that it was not caused by"). */
const RELATION_WORD =
  /^\s*(?:\w+\s+){0,2}?(?:related|due|caused|the result|a result|result(?:ed)?|connected|secondary|attributable|incurred|aggravated|worsened|linked|associated|consistent|etiolog\w*|from|because)\b/i;

export interface PhraseReading {
  phrase: string;
  /** How the phrase reads on its own (DOMAIN §3.2). */
  base: OpinionClass;
  /** How it reads in this sentence, negation applied. */
  classification: OpinionClass;
  standard: boolean;
  /** The trigger that changed it ("not", "cannot state"), when one did. */
  negatedBy?: string;
  start: number;
  end: number;
}

interface Match {
  rule: PhraseRule;
  start: number;
  end: number;
}

function findPhrases(sentence: string): Match[] {
  const all: Match[] = [];
  for (const rule of PHRASE_RULES) {
    for (const m of sentence.matchAll(rule.pattern)) all.push({ rule, start: m.index, end: m.index + m[0].length });
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Match[] = [];
  for (const p of all) if (!kept.some((k) => p.start < k.end && k.start < p.end)) kept.push(p);
  return kept.sort((a, b) => a.start - b.start);
}

const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

/** The clause before a phrase, cut at the last terminator and at the previous phrase. */
function scopeBefore(sentence: string, from: number, start: number): string {
  let before = sentence.slice(from, start);
  const re = new RegExp(TERMINATOR.source, 'gi');
  let cut = 0;
  for (const m of before.matchAll(re)) cut = m.index + m[0].length;
  before = before.slice(cut);
  return before;
}

/** The last trigger in `scope` whose scope (at most MAX_SCOPE_WORDS words) reaches the phrase. */
function lastTrigger(scope: string, trigger: RegExp): string | undefined {
  let found: string | undefined;
  for (const m of scope.matchAll(new RegExp(trigger.source, 'gi'))) {
    const rest = scope.slice(m.index);
    if (PSEUDO_NEGATION.test(rest)) continue;
    if (words(scope.slice(m.index + m[0].length)) <= MAX_SCOPE_WORDS) found = m[0];
  }
  return found;
}

/** "probably not related", "most likely not", "likely that it was not caused by…". */
function predicateNegated(sentence: string, end: number): boolean {
  const after = sentence.slice(end);
  const clause = after.split(new RegExp(TERMINATOR.source, 'i'))[0] ?? '';
  const m = /\b(not|never)\b/i.exec(clause);
  if (!m) return false;
  const lead = clause.slice(0, m.index);
  if (words(lead) > 5) return false;
  if (/^\s*(?:not|never)\s+(?:only|just)\b/i.test(clause.slice(m.index))) return false;
  // Right after an adverb ("probably not", "most likely not") the "not" negates the claim itself;
  // further on it must deny the link ("… that the condition is not related to service").
  return words(lead) <= 1 || RELATION_WORD.test(clause.slice(m.index + m[0].length));
}

function readPhrase(sentence: string, match: Match, previousEnd: number): PhraseReading {
  const { rule, start, end } = match;
  const base = rule.classification;
  const reading: PhraseReading = { phrase: rule.phrase, base, classification: base, standard: rule.standard, start, end };
  if (base === 'non-opinion') return reading;
  const scope = scopeBefore(sentence, previousEnd, start);
  const nonOpinion = lastTrigger(scope, NON_OPINION_TRIGGER);
  if (nonOpinion) return { ...reading, classification: 'non-opinion', negatedBy: nonOpinion };
  // "not" inside the phrase itself ("as likely as not") is part of the phrase, not a negation of it.
  const negation = lastTrigger(
    scope.replace(/\b(?:whether or not|as likely as not|than not)\b/gi, (s) => ' '.repeat(s.length)),
    NEGATION_TRIGGER,
  );
  const flips = (negation ? 1 : 0) + (base !== 'speculative' && predicateNegated(sentence, end) ? 1 : 0);
  if (flips % 2 === 0) return flips ? { ...reading, negatedBy: 'double negation' } : reading;
  if (base === 'favourable') return { ...reading, classification: 'unfavourable', negatedBy: negation ?? 'not' };
  if (base === 'unfavourable') return { ...reading, classification: 'favourable', negatedBy: negation ?? 'not' };
  // "It is not possible that…" denies the possibility; "may not" stays a possibility.
  if (rule.phrase === 'possibly' && negation) return { ...reading, classification: 'unfavourable', negatedBy: negation };
  return reading;
}

export interface SentenceOpinion {
  classification: OpinionReading;
  phrases: PhraseReading[];
  /** A favourable legal-standard phrase is present and not negated. */
  standard: boolean;
}

/** Within one sentence: unfavourable > favourable > non-opinion > speculative (the more specific reading wins). */
const PRIORITY: OpinionClass[] = ['unfavourable', 'favourable', 'non-opinion', 'speculative'];

/** Every probability phrase of one sentence, read with its negation, and the sentence's classification. */
export function readOpinion(sentence: string): SentenceOpinion {
  const matches = findPhrases(sentence);
  const phrases: PhraseReading[] = [];
  let previousEnd = 0;
  for (const m of matches) {
    phrases.push(readPhrase(sentence, m, previousEnd));
    previousEnd = m.end;
  }
  const classification = PRIORITY.find((c) => phrases.some((p) => p.classification === c)) ?? 'none';
  return { classification, phrases, standard: phrases.some((p) => p.standard && p.classification === 'favourable') };
}

/** A statement linking a condition to service or to another condition. */
const RELATION =
  /\b(related|relationship|due to|caus\w*|result(?:ed)? (?:of|from)|secondary to|aggravat\w*|worsened|connect\w*|incurred|attributable|etiolog\w*|link\w*|began|onset|contribut\w*|associated with|nexus)\b/i;
/** Sentences that ask for, define or quote the standard rather than give it. */
const NOT_AN_OPINION =
  /\?\s*$|\b(was asked|were asked|is asked|asks? (?:the|whether|if)|question (?:is|was|presented)|means? (?:a|that)|defined as|opinion (?:is |was )?requested|requested an opinion|please (?:provide|state|opine)|the standard (?:is|of)|standard of proof)\b/i;
/** "whether" introduces a question unless a non-opinion trigger governs it ("I cannot say whether…"). */
const WHETHER = /\bwhether\b/i;
/** A sentence about another possible cause (rationale), not about the claimed link. */
const ALTERNATIVE_CAUSE =
  /\b(obesity|weight|age|aging|smok\w*|tobacco|alcohol|genetic\w*|hereditary|family history|post-?service|civilian|occupational|recreational|natural progression|other (?:risk factors|causes))\b/i;
const CLAIMED_LINK = /\b(service|military|in-service|active duty|deploy\w*|combat|noise exposure|service-connected|secondary to)\b/i;

/** True when a sentence states an opinion on a link (not a question, a definition or a request). */
export function isOpinionStatement(sentence: string): boolean {
  if (!RELATION.test(sentence) || NOT_AN_OPINION.test(sentence)) return false;
  if (WHETHER.test(sentence) && !new RegExp(NON_OPINION_TRIGGER.source, 'i').test(sentence)) return false;
  return true;
}

/** Headings and words that introduce an examiner's conclusion. */
const CONCLUSION_MARKER =
  /^\s*(?:\d+[.)]\s*)?(?:opinion|conclusion|medical opinion|summary|impression|final opinion|examiner'?s opinion|nexus opinion)\s*:|\b(?:in conclusion|in summary|to summari[sz]e|therefore|thus|accordingly|it is (?:my|this examiner's) (?:medical |professional )?opinion|in my (?:medical |professional )?opinion|my (?:medical |professional )?opinion is|I conclude|I find that|it is the opinion of this examiner|this examiner (?:finds|concludes))\b/i;

export interface DocumentOpinion {
  classification: OpinionReading;
  /** The sentence the classification comes from (the conclusion), when there is one. */
  conclusion?: string;
  /** Every opinion sentence with its reading, in document order. */
  opinions: { sentence: string; reading: SentenceOpinion }[];
}

const DEFINITIVE = new Set<OpinionReading>(['favourable', 'unfavourable', 'non-opinion']);

/**
 * The opinion of a document, decided by its conclusion (DOMAIN §10.7): the last opinion sentence
 * marked as the conclusion ("Opinion:", "In my medical opinion", "Therefore"), otherwise the last
 * definitive opinion sentence (favourable, unfavourable or non-opinion), otherwise the last
 * speculative one. Sentences about other possible causes (age, obesity, smoking) are the
 * rationale, not the conclusion; questions put to the examiner are not opinions.
 */
export function concludeOpinion(sentences: readonly string[]): DocumentOpinion {
  const opinions: DocumentOpinion['opinions'] = [];
  for (const sentence of sentences) {
    if (!isOpinionStatement(sentence)) continue;
    const reading = readOpinion(sentence);
    if (reading.classification === 'none') continue;
    opinions.push({ sentence, reading });
  }
  const onClaim = opinions.filter((o) => !(ALTERNATIVE_CAUSE.test(o.sentence) && !CLAIMED_LINK.test(o.sentence)));
  const pool = onClaim.length ? onClaim : opinions;
  const marked = pool.filter((o) => CONCLUSION_MARKER.test(o.sentence));
  const lastOf = (list: typeof pool) => [...list].reverse().find((o) => DEFINITIVE.has(o.reading.classification)) ?? list[list.length - 1];
  const chosen = (marked.length ? lastOf(marked) : undefined) ?? lastOf(pool);
  return chosen
    ? { classification: chosen.reading.classification, conclusion: chosen.sentence, opinions }
    : { classification: 'none', opinions };
}

/** Certainty-level causal statements (§3.2 rows 4-5): favourable with a rationale; negated, unfavourable. */
const CAUSAL =
  /\b(?:is|was|are|were)(?: not| never)? (?:directly |most likely )?(?:due to|caused by|the result of|proximately due to|a result of)\b|\bproximately due to\b|\baggravated beyond (?:its|the) natural progression\b|\bpermanently worsened by\b/i;
const CAUSAL_NEGATED =
  /\b(?:is|was|are|were) (?:not|never)\b|\bnot (?:proximately )?(?:due to|caused by|the result of|aggravated|permanently worsened)\b/i;

/** A causal statement about service or a service-connected condition, read with its negation. */
export function readCausalStatement(sentence: string): 'favourable' | 'unfavourable' | 'none' {
  if (NOT_AN_OPINION.test(sentence) || !CAUSAL.test(sentence) || !/\b(service|military|secondary|service-connected)\b/i.test(sentence))
    return 'none';
  return CAUSAL_NEGATED.test(sentence) ? 'unfavourable' : 'favourable';
}
