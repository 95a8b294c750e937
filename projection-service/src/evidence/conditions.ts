import { createHash } from 'node:crypto';
import { bundledDbqs, referenceList, type BundledDbq } from '@cc/contracts/referenceData';

/**
 * The DBQ of a claimed condition (via the disability list's diagnostic codes, /work/shared/data).
 * Whether a finding is the claimed condition is the shared reader's call (`@cc/contracts/reading`).
 */

const GENERIC = new Set([
  'condition',
  'conditions',
  'disorder',
  'disease',
  'chronic',
  'left',
  'right',
  'bilateral',
  'pain',
  'the',
  'and',
  'of',
  'with',
  'due',
  'to',
  'secondary',
  'syndrome',
  'acute',
  'mild',
  'severe',
  'dbq',
]);

/** The words of a condition that tell it apart ("Left knee pain" → knee); abbreviations kept as words. */
function conditionWords(text: string): Set<string> {
  const expanded = text
    .replace(/post[- ]?traumatic stress( disorder)?/gi, ' ptsd ')
    .replace(/traumatic brain injury/gi, ' tbi ')
    .replace(/obstructive sleep apnea/gi, ' sleep apnea ');
  return new Set(
    expanded
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .map((w) => w.replace(/'s$/, ''))
      .filter((w) => w.length >= 3 && !GENERIC.has(w)),
  );
}

function dbqWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/post traumatic stress disorder/g, 'ptsd')
      .split(/[^a-z0-9']+/)
      .filter((w) => w.length >= 3 && !GENERIC.has(w) && !['review', 'initial', 'including', 'other', 'than', 'not'].includes(w)),
  );
}

interface IndexedDisability {
  dbq: string;
  names: string[];
  words: Set<string>;
  diagnosticCodes: readonly string[];
}

let disabilityIndex: IndexedDisability[] | undefined;
/** The disability list with its names' words worked out once: the list is fixed for the process. */
function indexedDisabilities(): IndexedDisability[] {
  disabilityIndex ??= referenceList('disabilities').flatMap((d) => {
    if (!d.dbq) return [];
    const names = [d.name, ...(d.synonyms ?? [])];
    return [
      {
        dbq: d.dbq,
        names: names.map((n) => n.toLowerCase()),
        words: new Set(names.flatMap((n) => [...conditionWords(n)])),
        diagnosticCodes: d.diagnosticCodes ?? [],
      },
    ];
  });
  return disabilityIndex;
}

function matchDbq(condition: string, diagnosticCodes: readonly string[]): BundledDbq | undefined {
  const words = conditionWords(condition);
  const disabilities = indexedDisabilities();
  const name = condition.trim().toLowerCase();
  const byName = disabilities.find((d) => d.names.includes(name));
  const byCode = disabilities.find((d) => d.diagnosticCodes.some((code) => diagnosticCodes.includes(code)));
  const byWords = disabilities.find((d) => [...d.words].some((w) => words.has(w)));
  const family = (byName ?? byCode ?? byWords)?.dbq;
  if (!family) return undefined;
  const wanted = dbqWords(family.replace(/^DBQ\s+[A-Z]+\s+/, ''));
  let best: { dbq: BundledDbq; score: number } | undefined;
  for (const dbq of bundledDbqs()) {
    // "(Other Than PTSD …)" names what the form is not for.
    const own = dbq.title.replace(/\((?:other than|not including|excluding)[^)]*\)/gi, '');
    const score = [...dbqWords(own)].filter((w) => wanted.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { dbq, score };
  }
  return best?.dbq;
}

/**
 * Answers already worked out; a rebuild asks the same few conditions thousands of times. Bounded,
 * oldest dropped first. Kept by a digest of the condition, never its text: a claimed condition is
 * the veteran's sealed health data, and this outlives every batch and every erasure.
 */
const matched = new Map<string, BundledDbq | undefined>();
const MATCHES_KEPT = 2_000;

/**
 * The DBQ for a condition: the disability list (VA's 526EZ conditions, with diagnostic codes)
 * names the DBQ family; the DBQ catalogue entry whose title shares most words is the form. A
 * diagnostic code from an analysis finds the disability when the name alone does not.
 */
export function dbqForCondition(condition: string, diagnosticCodes: readonly string[] = []): BundledDbq | undefined {
  const key = createHash('sha256')
    .update(JSON.stringify([condition, diagnosticCodes]))
    .digest('base64');
  if (matched.has(key)) return matched.get(key);
  const dbq = matchDbq(condition, diagnosticCodes);
  if (matched.size >= MATCHES_KEPT) matched.delete(matched.keys().next().value!);
  matched.set(key, dbq);
  return dbq;
}
