import { type NexusClassification } from '@cc/contracts';

/** Probability phrases of DOMAIN.md §3.2 and how VA/BVA treat them. */
export type PhraseClass = Exclude<NexusClassification, 'none'>;

export interface PhraseRule {
  phrase: string;
  pattern: RegExp;
  classification: PhraseClass;
  /** True for the legal-standard phrases VA asks examiners to use (§3.2 rows 1-3). */
  standard: boolean;
}

/**
 * Longest phrases first: overlapping matches are resolved in favour of the longer one, so
 * "not at least as likely as not" beats "at least as likely as not", which beats "as likely as not".
 */
export const PHRASE_RULES: PhraseRule[] = [
  { phrase: 'not at least as likely as not', pattern: /\bnot at least as likely as not\b/gi, classification: 'unfavourable', standard: true },
  { phrase: 'cannot resolve without resort to mere speculation', pattern: /\b(?:cannot|can ?not|unable to)\b[^.]{0,40}\bmere speculation\b/gi, classification: 'speculative', standard: false },
  { phrase: 'at least as likely as not', pattern: /\bat least as likely as not\b/gi, classification: 'favourable', standard: true },
  { phrase: 'less likely than not', pattern: /\bless likely than not\b/gi, classification: 'unfavourable', standard: true },
  { phrase: 'more likely than not', pattern: /\bmore likely than not\b/gi, classification: 'favourable', standard: true },
  { phrase: 'as likely as not', pattern: /\bas likely as not\b/gi, classification: 'favourable', standard: true },
  { phrase: 'cannot rule out', pattern: /\b(?:cannot|can ?not|can't|could not|unable to)\s+(?:be\s+)?rule[ds]?\s+out\b/gi, classification: 'speculative', standard: false },
  { phrase: 'unlikely', pattern: /\b(?:highly |very )?unlikely\b/gi, classification: 'unfavourable', standard: false },
  { phrase: 'not likely', pattern: /\bnot (?:likely|probably)\b/gi, classification: 'unfavourable', standard: false },
  { phrase: 'may be', pattern: /\bmay (?:possibly )?(?:be|have been)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'could be', pattern: /\bcould (?:possibly )?(?:be|have been)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'might be', pattern: /\bmight (?:be|have been)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'possibly', pattern: /\b(?:possibly|possible that|it is possible)\b/gi, classification: 'speculative', standard: false },
  { phrase: 'likely', pattern: /\b(?:most |very |highly )?likely\b/gi, classification: 'favourable', standard: false },
  { phrase: 'probably', pattern: /\bprobably\b/gi, classification: 'favourable', standard: false },
];

/** Causal and aggravation statements (§3.2 rows 4-5): favourable, but only with a rationale. */
export const CAUSAL_PATTERN =
  /\b(?:is|was|are|were) (?:directly |most likely )?(?:due to|caused by|the result of|proximately due to|a result of)\b|\bproximately due to\b|\baggravated beyond (?:its|the) natural progression\b|\bpermanently worsened by\b/i;

export interface PhraseMatch {
  phrase: string;
  classification: PhraseClass;
  standard: boolean;
  start: number;
  end: number;
}

/** All non-overlapping probability phrases in a sentence, in text order. */
export function findProbabilityPhrases(sentence: string): PhraseMatch[] {
  const all: PhraseMatch[] = [];
  for (const rule of PHRASE_RULES) {
    rule.pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rule.pattern.exec(sentence))) {
      all.push({ phrase: rule.phrase, classification: rule.classification, standard: rule.standard, start: m.index, end: m.index + m[0].length });
    }
  }
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: PhraseMatch[] = [];
  for (const p of all) {
    if (kept.some((k) => p.start < k.end && k.start < p.end)) continue;
    kept.push(p);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Classifies one statement. Unfavourable beats favourable inside one sentence (a negated standard
 * is the more specific reading), favourable beats speculative ("at least as likely as not ... other
 * causes cannot be ruled out" is still a favourable opinion). Returns `none` without a phrase.
 */
export function classifyProbability(sentence: string): { classification: NexusClassification; phrases: PhraseMatch[] } {
  const phrases = findProbabilityPhrases(sentence);
  const has = (c: PhraseClass) => phrases.some((p) => p.classification === c);
  const classification: NexusClassification = has('unfavourable')
    ? 'unfavourable'
    : has('favourable')
      ? 'favourable'
      : has('speculative')
        ? 'speculative'
        : 'none';
  return { classification, phrases };
}
