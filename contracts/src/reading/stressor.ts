/**
 * The in-service stressor of a PTSD claim (38 CFR 3.304(f); DOMAIN §10.1). The veteran's own
 * statement establishes the stressor only when PTSD was diagnosed in service (f)(1), the veteran
 * engaged in combat (f)(2), a VA or VA-contracted psychiatrist or psychologist confirms a stressor of
 * fear of hostile military or terrorist activity (f)(3), or the veteran was a prisoner of war (f)(4);
 * personal assault, including military sexual trauma, may be corroborated by markers (f)(5).
 * Otherwise the stressor needs credible supporting evidence.
 */

export type StressorFact =
  /** A combat award or combat duty (Combat Action Ribbon, Combat Infantryman Badge, Purple Heart…). */
  | 'combat-evidence'
  /** A stressor of combat described (firefights, IEDs, casualties). */
  | 'combat-stressor'
  /** Fear of hostile military or terrorist activity (rocket and mortar attacks, IEDs). */
  | 'hostile-fear'
  /** A VA or VA-contracted examiner finds the stressor adequate and the symptoms related to it. */
  | 'examiner-confirms'
  | 'prisoner-of-war'
  | 'personal-assault'
  /** Behaviour changes and records that can corroborate a personal assault. */
  | 'assault-marker'
  /** PTSD diagnosed during service. */
  | 'in-service-diagnosis';

const FACTS: [StressorFact, RegExp][] = [
  [
    'combat-evidence',
    /\b(?:combat action ribbon|\bCAR\b|combat infantry(?:man)? badge|\bCIB\b|combat action badge|\bCAB\b|combat medical badge|\bCMB\b|purple heart|bronze star (?:medal )?with (?:"?V"? device|valor)|engaged in combat|combat (?:duty|operations|veteran|deployment|zone)|hostile fire pay|imminent danger pay)\b/i,
  ],
  [
    'combat-stressor',
    /\b(?:fire ?fights?|under (?:enemy |hostile )?fire|enemy fire|ambush\w*|IED|improvised explosive|killed in action|casualt\w+|convoy (?:was )?(?:hit|attacked)|firing (?:at|on) us|in combat|combat (?:patrols?|missions?))\b/i,
  ],
  [
    'hostile-fear',
    /\b(?:fear of hostile|hostile military|terrorist|mortars?|rockets?|incoming|indirect fire|(?:attack|attacks|attacked) on (?:the |our )?(?:base|FOB|compound|camp)|IED|improvised explosive)\b/i,
  ],
  [
    'examiner-confirms',
    /\b(?:stressor (?:is|was) (?:adequate|sufficient) to support|adequate to support (?:a|the) diagnosis|(?:symptoms|PTSD) (?:are|is) related to (?:the )?(?:veteran's )?(?:claimed )?stressor|related to (?:the )?(?:veteran's )?fear of hostile military or terrorist activity|meets? (?:the )?(?:DSM-?5 )?criterion A)\b/i,
  ],
  ['prisoner-of-war', /\b(?:prisoner of war|\bPOW\b|captured by|held captive|captivity)\b/i],
  [
    'personal-assault',
    /\b(?:sexual(?:ly)? (?:assault\w*|harass\w*|trauma)|\bMST\b|raped?\b|personal assault|assaulted|beaten|physically attacked)\b/i,
  ],
  [
    'assault-marker',
    /\b(?:request(?:ed)? (?:for )?(?:a )?transfer|deterioration in (?:work )?performance|performance (?:declined|decline|dropped)|(?:increased|began) (?:drinking|substance use)|substance abuse|episodes? of (?:depression|anxiety|panic)|changes? in behaviou?r|pregnancy test|tests? for sexually transmitted|sought (?:help|counseling) from (?:a |the )?chaplain|unexplained (?:absences|economic|social behaviou?r))\b/i,
  ],
  [
    'in-service-diagnosis',
    /\b(?:diagnosed (?:with )?(?:PTSD|post-?traumatic stress)[^.]{0,40}\b(?:in service|on active duty|while (?:deployed|serving|on active duty)|during service))\b/i,
  ],
];

/** The stressor facts a sentence states (negated sentences state none). */
export function stressorFacts(sentence: string): StressorFact[] {
  if (/\b(?:no|never|denies|denied|without)\b[^.;]{0,20}\b(?:combat|assault|stressor|captur)/i.test(sentence)) return [];
  return FACTS.filter(([, re]) => re.test(sentence)).map(([fact]) => fact);
}

/** VA Form 21-0781: the veteran's statement of the in-service traumatic event (its 2024 edition also covers personal assault). */
export const STRESSOR_FORM = '21-0781';
