import { CONDITIONS, conditionByName, findConditionMentions, type ConditionDef } from '../engines/offline/conditions';
import { splitSentences } from '../engines/offline/text';

/**
 * Conditions named in a question. The analysis engine's table recognises clinical wording ("knee
 * strain", "PTSD"); a question says it plainly ("my knee", "my back"), so plain words map to the
 * same table here.
 */
const PLAIN_WORDS: [RegExp, string][] = [
  [/\bknees?\b/i, 'Knee condition'],
  [/\b(?:low(?:er)? )?back\b|\blumbar\b|\bspine\b|\bdisc\b/i, 'Lumbosacral strain'],
  [/\bneck\b|\bcervical\b/i, 'Cervical strain'],
  [/\bshoulders?\b/i, 'Shoulder condition'],
  [/\bflat ?feet\b|\bflatfoot\b|\bfeet\b|\bfoot\b|\bankles?\b/i, 'Pes planus'],
  [/\bsleep apnea\b|\bapnea\b|\bcpap\b/i, 'Obstructive sleep apnea'],
  [/\bhigh blood pressure\b|\bblood pressure\b/i, 'Hypertension'],
  [/\bdiabet\w*/i, 'Diabetes mellitus type 2'],
  [/\bacid reflux\b|\breflux\b|\bheartburn\b/i, 'GERD'],
  [/\bheadaches?\b|\bmigraines?\b/i, 'Migraine'],
  [/\bbrain injury\b|\bconcussion\b|\bTBI\b/i, 'Traumatic brain injury'],
  [/\bringing\b/i, 'Tinnitus'],
  [/\bhearing\b/i, 'Hearing loss'],
  [/\bdepress\w*/i, 'Major depressive disorder'],
  [/\banxiety\b/i, 'Generalized anxiety disorder'],
  [/\bsciatica\b|\bradiculopathy\b|\bnerve pain\b/i, 'Radiculopathy'],
  [/\bneuropathy\b/i, 'Peripheral neuropathy'],
  [/\berectile\b|\bED\b/, 'Erectile dysfunction'],
  [/\bkidneys?\b|\bCKD\b/i, 'Chronic kidney disease'],
  [/\bsinus\w*/i, 'Chronic sinusitis'],
  [/\brhinitis\b/i, 'Chronic rhinitis'],
  [/\binsomnia\b|\bcan'?t sleep\b/i, 'Insomnia'],
];

export const NSAID_WORDS = /\b(NSAIDs?|ibuprofen|naproxen|meloxicam|diclofenac|motrin)\b/i;

export function conditionsIn(text: string): ConditionDef[] {
  const found: ConditionDef[] = [];
  const add = (def: ConditionDef | undefined) => {
    if (def && !found.includes(def)) found.push(def);
  };
  for (const mention of findConditionMentions(splitSentences(text))) if (!mention.negated) add(mention.def);
  for (const [pattern, name] of PLAIN_WORDS) if (pattern.test(text)) add(conditionByName(name));
  // Clinical names first (they are the more specific), then plain words.
  return found;
}

/** Does a claim's condition text name this condition? */
export function claimNames(condition: string, def: ConditionDef): boolean {
  return conditionsIn(condition).includes(def) || condition.toLowerCase().includes(def.name.toLowerCase());
}

export { CONDITIONS, conditionByName, type ConditionDef };
