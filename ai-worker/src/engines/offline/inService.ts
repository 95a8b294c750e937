import { chronicDiseasePresumption, presumptionsFor, type PresumptionFinding } from '@cc/contracts/reading';
import { type ConditionDef } from './conditions';
import { type Sentence } from './text';

/** In-service events and presumptive locations (DOMAIN.md §3.1 and §9). */

const REVIEWED = /\b(?:reviewed|review of|records reviewed|evidence reviewed)\b/i;

export const IN_SERVICE =
  /\b(during (?:(?:his|her|their|my|the veteran's) )?(?:military |active )?service|in-service|in service|while (?:deployed|serving|on active duty|stationed|in the (?:army|navy|air force|marine corps|marines))|on active duty|sick call|battalion aid station|troop medical clinic|service treatment records?|deployed to|deployment to|IED|blast|convoy|combat|burn pits?|MOS|noise exposure|artillery|(?:when|while) (?:he|she|they|I) (?:was|were) in the (?:army|navy|air force|marines|marine corps|coast guard)|stationed (?:at|in)|training exercise|field exercise|motor pool|enlistment|separation (?:exam|physical))\b/i;

/**
 * The presumptions (DOMAIN §9, §10.4) a document's sentences and one condition meet: the shared
 * reader's places, windows to the day and qualifiers. Presumed and assumed ones, best first; those
 * outside the window are left out here (the evidence map reports them).
 */
export function presumptionsIn(sentences: Sentence[], condition: ConditionDef, own: Sentence[]): PresumptionFinding[] {
  const texts = sentences.map((s) => s.text);
  // The table's name ("Diabetes mellitus type 2") says which listed condition it is; only the document's words show its type or onset.
  const claimed = { names: [condition.name, ...own.map((s) => s.text)], evidence: own.map((s) => s.text) };
  const found = presumptionsFor(texts, claimed);
  const chronic = chronicDiseasePresumption(claimed);
  if (chronic) found.push(chronic);
  return found.filter((f) => f.status !== 'outside');
}

/** Sentences that describe an in-service event, injury, disease or exposure (element 2). */
export function inServiceSentences(sentences: Sentence[]): Sentence[] {
  // "I reviewed his service treatment records" lists evidence; it describes no event.
  return sentences.filter((s) => IN_SERVICE.test(REVIEWED.test(s.text) ? s.text.replace(/service treatment records?/gi, '') : s.text));
}
