import { type NexusClassification, type ServiceConnectionEvidence } from '@cc/contracts';
import { type ConditionMention } from './conditions';
import { type ServiceConnectionElements } from './elements';
import { missingDiagnosisReason } from './source';
import { type Sentence } from './text';

/** In-service events and presumptive locations (DOMAIN.md §3.1 and §9). */

const REVIEWED = /\b(?:reviewed|review of|records reviewed|evidence reviewed)\b/i;

export const IN_SERVICE =
  /\b(during (?:(?:his|her|their|my|the veteran's) )?(?:military |active )?service|in-service|in service|while (?:deployed|serving|on active duty|stationed|in the (?:army|navy|air force|marine corps|marines))|on active duty|sick call|battalion aid station|troop medical clinic|service treatment records?|deployed to|deployment to|IED|blast|convoy|combat|burn pits?|MOS|noise exposure|artillery|(?:when|while) (?:he|she|they|I) (?:was|were) in the (?:army|navy|air force|marines|marine corps|coast guard)|stationed (?:at|in)|enlistment|separation (?:exam|physical))\b/i;

export interface PresumptiveRule {
  program: string;
  /** Location names (regex source). */
  locations: RegExp;
  /** Earliest year that counts, when the text gives years. */
  fromYear: number;
  /** Latest year that counts, when the text gives years. */
  toYear?: number;
  flag: 'burnPit' | 'agentOrange' | 'gulfWar';
}

/** DOMAIN §9.1 (burn pits), §9.2 (Gulf War 3.317), §9.3 (Agent Orange). */
export const PRESUMPTIVE_RULES: PresumptiveRule[] = [
  {
    program: 'PACT Act burn pit / airborne hazards (on or after Aug 2, 1990)',
    locations: /\b(Bahrain|Iraq|Kuwait|Oman|Qatar|Saudi Arabia|Somalia|United Arab Emirates|UAE|Arabian Sea|Gulf of Aden|Gulf of Oman|Persian Gulf|Red Sea|OIF|Operation Iraqi Freedom|OND|Operation New Dawn|OIR|Operation Inherent Resolve)\b/,
    fromYear: 1990,
    flag: 'burnPit',
  },
  {
    program: 'PACT Act burn pit / airborne hazards (on or after Sept 11, 2001)',
    locations: /\b(Afghanistan|Djibouti|Egypt|Jordan|Lebanon|Syria|Uzbekistan|Yemen|OEF|Operation Enduring Freedom|OFS|Operation Freedom's Sentinel|Resolute Support)\b/,
    fromYear: 2001,
    flag: 'burnPit',
  },
  {
    program: 'Gulf War undiagnosed / chronic multisymptom illness (38 CFR 3.317)',
    locations: /\b(Southwest Asia|Persian Gulf|Iraq|Kuwait|Saudi Arabia|Bahrain|Qatar|Oman|United Arab Emirates|Gulf War)\b/,
    fromYear: 1990,
    flag: 'gulfWar',
  },
  {
    program: 'Agent Orange / herbicide exposure (38 CFR 3.307, 3.309(e))',
    locations: /\b(Vietnam|Republic of Vietnam|Korean DMZ|demilitarized zone|Thailand|Royal Thai|Laos|Cambodia|Guam|American Samoa|Johnston Atoll|Blue Water Navy|C-123)\b/,
    fromYear: 1962,
    toYear: 1980,
    flag: 'agentOrange',
  },
];

export interface PresumptiveHit {
  rule: PresumptiveRule;
  location: string;
  sentence: Sentence;
  /** False when the text gives years and none fall in the window. */
  datesConsistent: boolean;
  datesStated: boolean;
}

export function findPresumptiveLocations(sentences: Sentence[]): PresumptiveHit[] {
  const hits: PresumptiveHit[] = [];
  for (const rule of PRESUMPTIVE_RULES) {
    for (const s of sentences) {
      const m = rule.locations.exec(s.text);
      if (!m) continue;
      const years = [...s.text.matchAll(/\b(19[4-9]\d|20[0-4]\d)\b/g)].map((y) => Number(y[1]));
      const ok = years.some((y) => y >= rule.fromYear && (rule.toYear === undefined || y <= rule.toYear));
      hits.push({ rule, location: m[0], sentence: s, datesStated: years.length > 0, datesConsistent: years.length === 0 || ok });
      break;
    }
  }
  return hits.filter((h) => h.datesConsistent);
}

/** Sentences that describe an in-service event, injury, disease or exposure (element 2). */
export function inServiceSentences(sentences: Sentence[]): Sentence[] {
  // "I reviewed his service treatment records" lists evidence; it describes no event.
  return sentences.filter((s) => IN_SERVICE.test(REVIEWED.test(s.text) ? s.text.replace(/service treatment records?/gi, '') : s.text));
}

const WEAKER = { strong: 'moderate', moderate: 'weak', weak: 'weak' } as const;

/**
 * Per condition: the three elements (elements.ts), the connection type and how strong the
 * evidence in this document is. A condition named but not diagnosed here is one level weaker.
 */
export function serviceConnectionEvidence(
  sentences: Sentence[],
  mentions: ConditionMention[],
  nexus: { classification: NexusClassification; favourableSentences: Sentence[] },
  elements: ServiceConnectionElements,
): ServiceConnectionEvidence[] {
  const inService = elements.inService;
  const presumptive = findPresumptiveLocations(sentences);
  const names = [...new Set(mentions.map((m) => m.def.name))];
  return names.map((condition) => {
    const own = mentions.filter((m) => m.def.name === condition);
    const def = own[0]!.def;
    const ownSentences = own.map((m) => m.sentence);
    const event = inService.find((s) => ownSentences.includes(s)) ?? inService[0];
    const hit = presumptive.find((h) => def[h.rule.flag]);
    const secondary = ownSentences.some((s) => /\bsecondary to\b/i.test(s.text));
    const aggravation = ownSentences.some((s) => /\baggravat\w*\b/i.test(s.text));
    // A lay opinion on causation is not a medical nexus.
    const favourable = elements.nexus !== 'none' && nexus.favourableSentences.some((s) => ownSentences.includes(s));
    const diagnosed = elements.diagnosed.some((c) => c.name === condition);
    let connectionType: ServiceConnectionEvidence['connectionType'] = 'unknown';
    if (hit) connectionType = 'presumptive';
    else if (secondary) connectionType = 'secondary';
    else if (aggravation) connectionType = 'aggravation';
    else if (event || favourable) connectionType = 'direct';

    const reasons: string[] = [
      diagnosed ? `Current diagnosis documented: ${condition}.` : `No current diagnosis of ${condition}: ${missingDiagnosisReason({ ...elements, conditions: [def] })}`,
    ];
    let evidenceStrength: ServiceConnectionEvidence['evidenceStrength'];
    if (hit) {
      reasons.push(`${condition} is presumptive under ${hit.rule.program}; service in ${hit.location} is mentioned${hit.datesStated ? ' with dates in the window' : ' (dates to be confirmed)'}.`);
      evidenceStrength = hit.datesStated ? 'strong' : 'moderate';
    } else {
      if (event) reasons.push('An in-service event, injury or exposure is described.');
      else reasons.push('No in-service event found in this document.');
      if (favourable) reasons.push('A favorable nexus opinion addresses this condition.');
      else if (elements.source === 'lay') reasons.push('No medical nexus opinion: a lay statement cannot supply one.');
      else if (nexus.classification === 'speculative') reasons.push('The nexus language is speculative and carries little weight.');
      else if (nexus.classification === 'unfavourable') reasons.push('The nexus opinion is unfavourable.');
      else reasons.push('No favorable nexus opinion for this condition.');
      evidenceStrength = event && favourable ? 'strong' : event || favourable ? 'moderate' : 'weak';
    }
    if (!diagnosed) evidenceStrength = WEAKER[evidenceStrength];
    const out: ServiceConnectionEvidence = {
      condition,
      evidenceStrength,
      connectionType,
      inServiceEvent: hit ? `Service in ${hit.location}` : (event?.text ?? ''),
      reasoning: reasons.join(' '),
    };
    const src = hit?.sentence.text ?? event?.text;
    if (src) out.source = src;
    return out;
  });
}
