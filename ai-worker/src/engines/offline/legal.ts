import { type LegalSentence } from '@cc/contracts';
import { readServicePlaces, stressorFacts, tbiSeverity } from '@cc/contracts/reading';
import { type ConditionMention } from './conditions';
import { type Sentence } from './text';

/**
 * The sentences the legal rules read again (docs/legal-rules.md): kept in the result so that the
 * evidence map, rebuilt from stored results, reads what the document said with the same reader.
 */

const AUDIOGRAM =
  /\b\d{3,4}\s*Hz\b|\bdB\b|maryland cnc|speech (?:recognition|discrimination)|word recognition|pure ?tone|^\s*(?:right|left|RE|LE|AD|AS)\b[^a-z]*\d{1,3}\s+\d{1,3}/i;
const TBI = /\bTBI\b|\btraumatic brain injury\b|\bconcussion\b/i;
const ONSET =
  /\bwithin (?:a|one|\d+|the first) (?:year|months?)\b|\b(?:after|since|following) (?:his |her |my )?(?:discharge|separation|leaving service|returning|return)\b|\bchildhood\b|\bbefore (?:service|enlist\w*)\b|\bprior to (?:service|enlist\w*)\b|\bpre-?existing\b|\bmonths (?:after|of)\b/i;

export function legalSentences(sentences: Sentence[], mentions: ConditionMention[]): LegalSentence[] {
  const out: LegalSentence[] = [];
  const mentioned = new Set(mentions.map((m) => m.sentence));
  for (const s of sentences) {
    if (readServicePlaces(s.text).length) out.push({ topic: 'service', source: s.text });
    if (stressorFacts(s.text).length) out.push({ topic: 'stressor', source: s.text });
    if (AUDIOGRAM.test(s.text)) out.push({ topic: 'hearing-test', source: s.text });
    if (TBI.test(s.text) && (tbiSeverity(s.text) || mentioned.has(s))) out.push({ topic: 'tbi', source: s.text });
    if (mentioned.has(s) && ONSET.test(s.text)) out.push({ topic: 'onset', source: s.text });
  }
  return out;
}
