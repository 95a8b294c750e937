/**
 * Negation and context of a span in a sentence, in the manner of the clinical NLP algorithms NegEx
 * (Chapman et al., 2001) and ConText (Harkema et al., 2009): a trigger word opens a scope that runs
 * forward (or, for post-triggers, backward) to the end of its clause or a fixed number of words;
 * pseudo-triggers look like triggers but negate nothing; terminators close a scope.
 *
 * Used for condition mentions ("no evidence of sleep apnea"), probability phrases ("I cannot state
 * that it is at least as likely as not") and service sentences ("I never deployed to Iraq").
 */

/** Cues that negate what follows them in the same clause. */
const PRE_NEGATION =
  /\b(denies|denied|denying|no evidence of|no signs? of|no history of|no complaints? of|negative for|free of|absence of|without|no|not|never|rules? out|ruled out for|did not have|does not have|no diagnosis of|other than)\b/gi;
/** Cues that negate what comes right before them ("sleep apnea was ruled out"). */
const POST_NEGATION = /^\s*(?:was|is|has been|were|have been)?\s*(?:ruled out|excluded|not found|negative|absent)\b/i;
/** Words that end a negation's scope. */
export const SCOPE_END =
  /[;:]|\b(but|however|although|though|except|which|who|whereas|yet|and (?:has|is|was|reports|endorses|carries|with))\b/i;
/** Cue-followers that are not negations of the condition ("no other cause for his sleep apnea"). */
const PSEUDO = /^\s*(?:\w+\s+){0,2}?(?:other|longer|change|doubt|question|only|further|new|significant change)\b/i;
/** A negation scope is at most this many words. */
export const MAX_SCOPE_WORDS = 8;

/** Family history and other mentions that are not about the veteran. */
const NOT_THE_PATIENT = /\b(family history of|mother|father|brother|sister|sibling|parent)s?\b[^.;]*$/i;
/** Someone else's service ("my brother served in Vietnam"); a spouse or child is named in a veteran's own statements too. */
const SOMEONE_ELSE = /\b(mother|father|brother|sister|sibling|parent|uncle|grandfather|son|daughter|husband|wife)s?\b[^.;]*$/i;

/** Speculative "cannot rule out" is not a negation. */
const CANNOT_RULE_OUT = /\b(cannot|can not|can't|could not|unable to) (?:be )?rule[ds]? out\b/i;

const wordCount = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

/**
 * True when the span [start, end) of `sentence` is negated: a pre-negation cue within the same
 * clause and at most MAX_SCOPE_WORDS words before it, a post-negation cue right after it, or a
 * mention about someone else (family history).
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
    if (wordCount(between) <= MAX_SCOPE_WORDS) negated = true;
  }
  return negated;
}

/**
 * ConText's "hypothetical" and "not experienced" triggers for events: plans and orders that did not
 * happen, conditions, and questions ("was scheduled to deploy but did not", "if he had served").
 */
const HYPOTHETICAL =
  /\b(if|whether|unless|scheduled to|supposed to|planned to|plans to|was to|were to|was going to|would have|could have|might have|expected to|orders? (?:to|for)|volunteered (?:to|for)|wanted to|hoped to|applied (?:to|for))\b/gi;
/** Event negation: the veteran did not go ("never deployed", "did not serve", "was not stationed"). */
const EVENT_NEGATION =
  /\b(never|not|no|did not|didn't|was not|wasn't|were not|has not|have not|had not|without|denies|denied|cancell?ed|instead of|rather than|other than|except)\b/gi;

export interface EventContext {
  negated: boolean;
  hypothetical: boolean;
  /** The span is about someone else (a relative). */
  otherPerson: boolean;
}

/** An event's clause also ends at a comma ("Although not in combat, he served in Vietnam"). */
const EVENT_CLAUSE_END = new RegExp(`,|${SCOPE_END.source}`, 'gi');

/** The part of the span's clause before it: from the last clause end before the span. */
function clauseBefore(sentence: string, start: number): string {
  const before = sentence.slice(0, start);
  let cut = 0;
  const re = new RegExp(EVENT_CLAUSE_END.source, 'gi');
  let m: RegExpExecArray | null;
  while ((m = re.exec(before))) cut = m.index + m[0].length;
  return before.slice(cut);
}

/**
 * Whether an event named at [start, end) (a place of service, a deployment) is negated, only
 * hypothetical, or about another person. "…but did not" after the span negates it too.
 */
export function eventContext(sentence: string, start: number, end: number): EventContext {
  const clause = clauseBefore(sentence, start);
  const after = sentence.slice(end);
  const otherPerson = SOMEONE_ELSE.test(sentence.slice(0, start)) && !/\b(I|my unit|I was|we)\b/.test(clause);
  const within = (cueEnd: number, text: string) => wordCount(text.slice(cueEnd)) <= MAX_SCOPE_WORDS;
  let negated = false;
  for (const m of clause.matchAll(EVENT_NEGATION)) {
    if (within(m.index + m[0].length, clause)) negated = true;
  }
  // "…was scheduled to deploy to Iraq but did not (go)", "…but the orders were cancelled".
  if (
    /^[^.;]*?\b(?:but|however)\b[^.;]*?\b(?:did not|didn't|never|was not|wasn't|were cancell?ed|was cancell?ed|cancell?ed)\b/i.test(after)
  )
    negated = true;
  let hypothetical = false;
  for (const m of clause.matchAll(HYPOTHETICAL)) {
    if (within(m.index + m[0].length, clause)) hypothetical = true;
  }
  return { negated, hypothetical, otherPerson };
}
