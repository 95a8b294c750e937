import { bundledDbqs, type BundledDbq } from '@cc/contracts/referenceData';
import type { ConditionDef } from '../engines/offline/conditions';

/**
 * What to write in a field when the veteran's own records say nothing about it: the topics the
 * condition's DBQ asks an examiner to record (DOMAIN §5) and how VA rates it (DOMAIN §7), as
 * questions for the veteran to answer in their own words. It states no fact about the veteran, so
 * the route marks it as guidance and the wizard shows it as a hint, never as their answer.
 */

/** The field kinds guidance can help with: what the veteran lives with, in their own words. */
export type GuidedFieldKind = 'symptoms' | 'impact' | 'statement' | 'general';

export interface WritingGuidance {
  /** One topic a line, the heading first. */
  text: string;
  /** The DBQ and the rating schedule's diagnostic code it follows. */
  sources: string[];
}

type Topic = 'frequency' | 'flare-ups' | 'range-of-motion' | 'work' | 'dbq-elements' | 'rating';

const TOPICS_BY_KIND: Record<GuidedFieldKind, readonly Topic[]> = {
  symptoms: ['frequency', 'flare-ups', 'range-of-motion', 'dbq-elements', 'rating'],
  impact: ['work', 'flare-ups', 'range-of-motion'],
  statement: ['frequency', 'flare-ups', 'range-of-motion', 'work', 'dbq-elements', 'rating'],
  general: ['frequency', 'flare-ups', 'range-of-motion', 'work', 'dbq-elements', 'rating'],
};

const MUSCULOSKELETAL_DBQ = '21-0960M-';

/** The catalogue entry of the DBQ a condition names (`21-0960L-2 Sleep Apnea` → VA's 21-0960L-2). */
export function dbqOf(def: ConditionDef | undefined): BundledDbq | undefined {
  const formNumber = def?.dbq?.match(/^21-0960[A-Z]-\d+/)?.[0];
  return formNumber ? bundledDbqs().find((dbq) => dbq.formNumber === formNumber) : undefined;
}

/** Whether its DBQ measures range of motion: a musculoskeletal DBQ, or one whose elements include it. */
const measuresMotion = (def: ConditionDef | undefined) =>
  Boolean(def?.dbq?.startsWith(MUSCULOSKELETAL_DBQ) || def?.dbqElements?.some((e) => /range of motion/i.test(e.element)));

function topicLine(topic: Topic, condition: string, def: ConditionDef | undefined): string | undefined {
  switch (topic) {
    case 'frequency':
      return `- How often: how often the ${condition} symptoms happen, how long they last, and whether they are getting worse.`;
    case 'flare-ups':
      return '- Flare-ups: what brings one on, how often they come, how long they last, and what you cannot do during one.';
    case 'range-of-motion':
      return measuresMotion(def)
        ? '- Range of motion: how far you can move or bend before pain starts, and whether it gets worse after repeated use or during a flare-up.'
        : undefined;
    case 'work':
      return '- Effect on work: days missed, tasks you can no longer do or need help with, and changes made for you at work.';
    case 'dbq-elements': {
      const elements = def?.dbqElements?.map((e) => e.element).filter((e) => !/range of motion/i.test(e)) ?? [];
      return elements.length > 0 ? `- What the examiner records for it: ${elements.join('; ')}.` : undefined;
    }
    case 'rating':
      return def?.ratingLevels
        ? `- How VA rates it (${def.ratingLevels}): describe what you actually live with; the examiner and VA decide the level.`
        : undefined;
  }
}

/**
 * The guidance for one field about `condition` (its known definition, when there is one). Answers
 * nothing without a condition: the topics are the condition's.
 */
export function writingGuidance(kind: GuidedFieldKind, condition: string, def: ConditionDef | undefined): WritingGuidance | undefined {
  if (!condition) return undefined;
  const dbq = dbqOf(def);
  const heading = dbq
    ? `What to write about ${condition} (the topics of VA's DBQ ${dbq.formNumber}, ${dbq.title}), in your own words:`
    : `What to write about ${condition}, in your own words:`;
  const lines = TOPICS_BY_KIND[kind].map((topic) => topicLine(topic, condition, def)).filter((line): line is string => Boolean(line));
  const sources = [
    ...(dbq ? [`DBQ ${dbq.formNumber} ${dbq.title}`] : []),
    ...(def?.ratingLevels && def.diagnosticCodes?.[0] ? [`38 CFR Part 4, DC ${def.diagnosticCodes[0]}`] : []),
  ];
  return { text: [heading, ...lines].join('\n'), sources };
}
