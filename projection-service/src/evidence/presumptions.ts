/**
 * The presumptions that replace a nexus (DOMAIN §9), as data: where and when the veteran served,
 * and which conditions are presumed. The lists are DOMAIN §9's, word for word where it can be;
 * a condition matches when one of its patterns is found in the claimed or diagnosed condition.
 */

export interface Presumption {
  program: string;
  /** Where service counts (matched in the in-service sentence). */
  locations: RegExp;
  /** Years that count when the sentence gives years; a sentence without years is not held against the veteran. */
  fromYear: number;
  toYear?: number;
  conditions: { name: string; pattern: RegExp }[];
}

const c = (name: string, pattern: RegExp) => ({ name, pattern });

/** DOMAIN §9.1: burn pits and other airborne hazards (38 U.S.C. 1120; 38 CFR 3.320). */
const BURN_PIT_CONDITIONS = [
  c('brain cancer', /\bbrain (?:cancer|tumou?r)\b/i),
  c('gastrointestinal cancer', /\b(?:gastrointestinal|stomach|colon|colorectal|esophageal|rectal|intestinal) cancer\b/i),
  c('glioblastoma', /\bglioblastoma\b/i),
  c('head cancer', /\bhead (?:and neck )?cancer\b/i),
  c('kidney cancer', /\b(?:kidney|renal) cancer\b/i),
  c('lymphoma', /\blymphoma\b/i),
  c('melanoma', /\bmelanoma\b/i),
  c('neck cancer', /\bneck cancer\b/i),
  c('pancreatic cancer', /\bpancreatic cancer\b/i),
  c('reproductive cancer', /\b(?:reproductive|prostate|testicular|ovarian|uterine|cervical) cancer\b/i),
  c('respiratory cancer', /\b(?:respiratory|lung|laryn\w*|trache\w*|bronch\w*) cancer\b/i),
  c('asthma diagnosed after service', /\basthma\b/i),
  c('chronic bronchitis', /\bchronic bronchitis\b/i),
  c('COPD', /\bCOPD\b|chronic obstructive pulmonary disease/i),
  c('chronic rhinitis', /\brhinitis\b/i),
  c('chronic sinusitis', /\bsinusitis\b/i),
  c('constrictive or obliterative bronchiolitis', /\bbronchiolitis\b/i),
  c('emphysema', /\bemphysema\b/i),
  c('granulomatous disease', /\bgranulomatous disease\b/i),
  c('interstitial lung disease', /\binterstitial lung disease\b/i),
  c('pleuritis', /\bpleuritis\b/i),
  c('pulmonary fibrosis', /\bpulmonary fibrosis\b/i),
  c('sarcoidosis', /\bsarcoidosis\b/i),
  c('urinary bladder and ureter cancers', /\b(?:bladder|ureter(?:al)?) cancer\b/i),
  c('leukemia', /\bleuka?emias?\b/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c('myelodysplastic syndromes', /\bmyelodysplastic\b/i),
  c('myelofibrosis', /\bmyelofibrosis\b/i),
];

/** DOMAIN §9.3: Agent Orange / herbicides (38 CFR 3.309(e)). */
const AGENT_ORANGE_CONDITIONS = [
  c('AL amyloidosis', /\bamyloidosis\b/i),
  c('bladder cancer', /\bbladder cancer\b/i),
  c('chronic B-cell leukemias', /\bB-cell leuka?emia|\bCLL\b|chronic lymphocytic leuka?emia/i),
  c('chloracne', /\bchloracne\b|acneform/i),
  c('diabetes mellitus type 2', /\b(?:type (?:2|II) diabetes|diabetes mellitus(?: type (?:2|II))?|DM2|T2DM)\b/i),
  c("Hodgkin's disease", /\bhodgkin'?s (?:disease|lymphoma)\b/i),
  c('hypertension', /\bhypertension\b|high blood pressure/i),
  c('hypothyroidism', /\bhypothyroidism\b/i),
  c('ischemic heart disease', /\bischemic heart disease\b|coronary artery disease|\bCAD\b/i),
  c('MGUS', /\bMGUS\b|monoclonal gammopathy/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c("non-Hodgkin's lymphoma", /\bnon-hodgkin'?s lymphoma\b/i),
  c("Parkinson's disease and parkinsonism", /\bparkinson'?s|parkinsonism\b/i),
  c('early-onset peripheral neuropathy', /\bperipheral neuropathy\b/i),
  c('porphyria cutanea tarda', /\bporphyria cutanea tarda\b/i),
  c('prostate cancer', /\bprostate cancer\b/i),
  c('respiratory cancers', /\b(?:respiratory|lung|laryn\w*|trache\w*|bronch\w*) cancer\b/i),
  c('soft-tissue sarcomas', /\bsoft[- ]tissue sarcoma\b/i),
];

/** DOMAIN §9.2: Gulf War (38 CFR 3.317). */
const GULF_WAR_CONDITIONS = [
  c('chronic fatigue syndrome', /\bchronic fatigue syndrome\b|\bCFS\b/i),
  c('fibromyalgia', /\bfibromyalgia\b/i),
  c('functional gastrointestinal disorder', /\birritable bowel\b|\bIBS\b|functional (?:GI|gastrointestinal)/i),
  c('brucellosis', /\bbrucellosis\b/i),
  c('Campylobacter jejuni', /\bcampylobacter\b/i),
  c('Coxiella burnetii (Q fever)', /\bQ fever\b|coxiella/i),
  c('malaria', /\bmalaria\b/i),
  c('Mycobacterium tuberculosis', /\btuberculosis\b/i),
  c('non-typhoid Salmonella', /\bsalmonella\b/i),
  c('Shigella', /\bshigell/i),
  c('visceral leishmaniasis', /\bleishmaniasis\b/i),
  c('West Nile virus', /\bwest nile\b/i),
];

/** DOMAIN §9.4: Camp Lejeune (30 days or more, Aug 1953 – Dec 1987). */
const CAMP_LEJEUNE_CONDITIONS = [
  c('adult leukemia', /\bleuka?emia\b/i),
  c('aplastic anemia and other myelodysplastic syndromes', /\baplastic anemia\b|myelodysplastic/i),
  c('bladder cancer', /\bbladder cancer\b/i),
  c('kidney cancer', /\b(?:kidney|renal) cancer\b/i),
  c('liver cancer', /\bliver cancer\b/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c("non-Hodgkin's lymphoma", /\bnon-hodgkin'?s lymphoma\b/i),
  c("Parkinson's disease", /\bparkinson'?s\b/i),
];

export const PRESUMPTIONS: readonly Presumption[] = [
  {
    program: 'the PACT Act (burn pits and airborne hazards)',
    locations:
      /\b(Bahrain|Iraq|Kuwait|Oman|Qatar|Saudi Arabia|Somalia|United Arab Emirates|UAE|Arabian Sea|Gulf of Aden|Gulf of Oman|Persian Gulf|Red Sea|OIF|Operation Iraqi Freedom|OND|Operation New Dawn|OIR|Operation Inherent Resolve)\b/,
    fromYear: 1990,
    conditions: BURN_PIT_CONDITIONS,
  },
  {
    program: 'the PACT Act (burn pits and airborne hazards)',
    locations: /\b(Afghanistan|Djibouti|Egypt|Jordan|Lebanon|Syria|Uzbekistan|Yemen|OEF|Operation Enduring Freedom|OFS|Operation Freedom's Sentinel|Resolute Support)\b/,
    fromYear: 2001,
    conditions: BURN_PIT_CONDITIONS,
  },
  {
    program: 'the Gulf War presumption (38 CFR 3.317)',
    locations: /\b(Southwest Asia|Persian Gulf|Iraq|Kuwait|Saudi Arabia|Bahrain|Qatar|Oman|United Arab Emirates|Gulf War)\b/,
    fromYear: 1990,
    conditions: GULF_WAR_CONDITIONS,
  },
  {
    program: 'the Agent Orange presumption (38 CFR 3.309(e))',
    locations: /\b(Vietnam|Korean DMZ|demilitarized zone|Thailand|Royal Thai|Laos|Cambodia|Guam|American Samoa|Johnston Atoll|Blue Water Navy|C-123)\b/,
    fromYear: 1962,
    toYear: 1980,
    conditions: AGENT_ORANGE_CONDITIONS,
  },
  {
    program: 'the Camp Lejeune presumption',
    locations: /\b(Camp Lejeune|MCAS New River|New River)\b/,
    fromYear: 1953,
    toYear: 1987,
    conditions: CAMP_LEJEUNE_CONDITIONS,
  },
];

export interface PresumptionHit {
  program: string;
  location: string;
  condition: string;
}

/** The presumption a service sentence and a condition meet, if any (years, when given, must fall in the window). */
export function presumptionFor(sentence: string, conditionNames: readonly string[]): PresumptionHit | undefined {
  const years = [...sentence.matchAll(/\b(19[4-9]\d|20[0-4]\d)\b/g)].map((y) => Number(y[1]));
  for (const p of PRESUMPTIONS) {
    const place = p.locations.exec(sentence);
    if (!place) continue;
    if (years.length > 0 && !years.some((y) => y >= p.fromYear && (p.toYear === undefined || y <= p.toYear))) continue;
    for (const name of conditionNames) {
      const listed = p.conditions.find((cond) => cond.pattern.test(name));
      if (listed) return { program: p.program, location: place[0], condition: listed.name };
    }
  }
  return undefined;
}
