import { bestOverlap, longDate, servicePeriods, type Overlap, type ServicePeriod, type Window } from './dates';
import { eventContext } from './negation';

/**
 * Where and when the veteran served, read from a sentence, and the presumptions that replace a
 * nexus opinion (DOMAIN §9 and §10.4): each place has its own window to the day, a condition
 * qualifier is checked, and a place named without dates, or with dates that only may overlap the
 * window, gives an assumed presumption (weak), never a proven one.
 */

export type ProgramId = 'burn-pit' | 'gulf-war' | 'agent-orange' | 'camp-lejeune' | 'radiation' | 'chronic-disease';

export interface Program {
  id: ProgramId;
  /** How the program is named to veterans. */
  name: string;
  citation: string;
}

export const PROGRAMS: Record<ProgramId, Program> = {
  'burn-pit': { id: 'burn-pit', name: 'the PACT Act burn pit presumption', citation: '38 U.S.C. 1120; 38 CFR 3.320' },
  'gulf-war': { id: 'gulf-war', name: 'the Gulf War presumption', citation: '38 CFR 3.317' },
  'agent-orange': { id: 'agent-orange', name: 'the Agent Orange presumption', citation: '38 CFR 3.307(a)(6), 3.309(e)' },
  'camp-lejeune': { id: 'camp-lejeune', name: 'the Camp Lejeune presumption', citation: '38 CFR 3.307(a)(7), 3.309(f)' },
  radiation: { id: 'radiation', name: 'the radiation presumption', citation: '38 CFR 3.309(d)' },
  'chronic-disease': { id: 'chronic-disease', name: 'the chronic disease presumption', citation: '38 CFR 3.307(a)(3), 3.309(a)' },
};

export interface Place {
  name: string;
  program: ProgramId;
  pattern: RegExp;
  /** The days service there counts; without one, the activity itself counts and its records must show it. */
  window?: Window;
  /** Days of service in the window the law asks for (Camp Lejeune: 30 or more). */
  minDays?: number;
}

const SINCE_1990: Window = { from: '1990-08-02' };
const SINCE_2001: Window = { from: '2001-09-11' };
const VIETNAM: Window = { from: '1962-01-09', to: '1975-05-07' };

/**
 * DOMAIN §9.1 (burn pits; VA's PACT Act tool), §9.2 (Gulf War), §9.3 (Agent Orange, windows to the
 * day), §9.4 (radiation response efforts; Camp Lejeune). Hiroshima and Nagasaki: 38 CFR
 * 3.309(d)(3)(ii)(B), occupation Aug 6, 1945 – July 1, 1946.
 */
export const PLACES: readonly Place[] = [
  ...[
    'Bahrain',
    'Iraq',
    'Kuwait',
    'Oman',
    'Qatar',
    'Saudi Arabia',
    'Somalia',
    'United Arab Emirates|UAE',
    'Arabian Sea',
    'Gulf of Aden',
    'Gulf of Oman',
    'Persian Gulf',
    'Red Sea',
    'neutral zone',
  ].map((name): Place => ({
    name: name.split('|')[0]!,
    program: 'burn-pit',
    pattern: new RegExp(`\\b(?:${name})\\b`),
    window: SINCE_1990,
  })),
  {
    name: 'Iraq',
    program: 'burn-pit',
    pattern: /\b(?:OIF|Operation Iraqi Freedom|OND|Operation New Dawn|OIR|Operation Inherent Resolve)\b/,
    window: SINCE_1990,
  },
  ...['Afghanistan', 'Djibouti', 'Egypt', 'Jordan', 'Lebanon', 'Syria', 'Uzbekistan', 'Yemen'].map((name): Place => ({
    name,
    program: 'burn-pit',
    pattern: new RegExp(`\\b${name}\\b`),
    window: SINCE_2001,
  })),
  {
    name: 'Afghanistan',
    program: 'burn-pit',
    pattern: /\b(?:OEF|Operation Enduring Freedom|OFS|Operation Freedom's Sentinel|Resolute Support)\b/,
    window: SINCE_2001,
  },
  {
    name: 'Southwest Asia',
    program: 'gulf-war',
    pattern:
      /\b(?:Southwest Asia|Persian Gulf|Iraq|Kuwait|Saudi Arabia|Bahrain|Qatar|Oman|United Arab Emirates|UAE|Desert Storm|Desert Shield)\b/,
    window: SINCE_1990,
  },
  {
    name: 'the Republic of Vietnam',
    program: 'agent-orange',
    pattern: /\b(?:Republic of Vietnam|(?:South )?Vietnam|Viet Nam|RVN|Da Nang|Saigon|Cam Ranh Bay|Khe Sanh)\b/i,
    window: VIETNAM,
  },
  {
    name: 'the waters off Vietnam (Blue Water Navy)',
    program: 'agent-orange',
    pattern: /\b(?:Blue Water Navy|12 nautical miles)\b/i,
    window: VIETNAM,
  },
  {
    name: 'the Korean DMZ',
    program: 'agent-orange',
    pattern:
      /\b(?:Korean (?:DMZ|demilitarized zone)|(?:DMZ|demilitarized zone)\b[^.;]{0,40}\bKorea|Korean?\b[^.;]{0,40}\b(?:DMZ|demilitarized zone))\b/i,
    window: { from: '1967-09-01', to: '1971-08-31' },
  },
  {
    name: 'Thailand',
    program: 'agent-orange',
    pattern: /\b(?:Thailand|Royal Thai|RTAFB|Udorn|Korat|Ubon|Takhli|U-Tapao|Nakhon Phanom|Don Muang)\b/,
    window: { from: '1962-01-09', to: '1976-06-30' },
  },
  { name: 'Laos', program: 'agent-orange', pattern: /\bLaos\b/, window: { from: '1965-12-01', to: '1969-09-30' } },
  {
    name: 'Cambodia (Mimot or Krek, Kampong Cham)',
    program: 'agent-orange',
    pattern: /\b(?:Cambodia|Mimot|Krek|Kampong Cham)\b/,
    window: { from: '1969-04-16', to: '1969-04-30' },
  },
  {
    name: 'Guam or American Samoa',
    program: 'agent-orange',
    pattern: /\b(?:Guam|American Samoa)\b/,
    window: { from: '1962-01-09', to: '1980-07-31' },
  },
  {
    name: 'Johnston Atoll',
    program: 'agent-orange',
    pattern: /\bJohnston (?:Atoll|Island)\b/,
    window: { from: '1972-01-01', to: '1977-09-30' },
  },
  { name: 'C-123 aircraft', program: 'agent-orange', pattern: /\bC-123\b/ },
  {
    name: 'Camp Lejeune or MCAS New River',
    program: 'camp-lejeune',
    pattern: /\b(?:Camp Lejeune|MCAS New River|Marine Corps Air Station New River)\b/i,
    window: { from: '1953-08-01', to: '1987-12-31' },
    minDays: 30,
  },
  {
    name: 'the Enewetak Atoll cleanup',
    program: 'radiation',
    pattern: /\b(?:Enewetak|Eniwetok)\b/i,
    window: { from: '1977-01-01', to: '1980-12-31' },
  },
  {
    name: 'the Palomares, Spain B-52 cleanup',
    program: 'radiation',
    pattern: /\bPalomares\b/i,
    window: { from: '1966-01-17', to: '1967-03-31' },
  },
  {
    name: 'the Thule AFB, Greenland B-52 fire response',
    program: 'radiation',
    pattern: /\bThule\b/i,
    window: { from: '1968-01-21', to: '1968-09-25' },
  },
  {
    name: 'the occupation of Hiroshima or Nagasaki',
    program: 'radiation',
    pattern: /\b(?:Hiroshima|Nagasaki)\b/i,
    window: { from: '1945-08-06', to: '1946-07-01' },
  },
  {
    name: 'an atmospheric nuclear test',
    program: 'radiation',
    pattern: /\b(?:atmospheric (?:nuclear )?(?:test|detonation)|nuclear (?:weapons? )?test(?:s|ing)?|atomic (?:bomb )?test(?:s|ing)?)\b/i,
  },
];

/** "Vietnam era", "the Vietnam War", "Persian Gulf War": a period of war (38 CFR 3.2), not a place. */
const ERA_AFTER = /^[- ]?(?:era|period|war)\b/i;

/** A sentence about the law ("exposure is presumed only for service between…"), not about the veteran's service. */
const ABOUT_THE_LAW =
  /\b(?:presum\w*|PACT Act|eligib\w*|covered (?:locations?|veterans?|service)|qualif\w*|if you served|veterans who served)\b/i;

export interface PlaceMention {
  place: Place;
  /** The words that named it. */
  text: string;
  sentence: string;
  periods: ServicePeriod[];
  /** How the sentence's dates meet the place's window; `no-dates` when it gives none. */
  overlap: Overlap | 'no-dates';
}

/**
 * The places of service a sentence names, with its dates. A place that is negated ("I never
 * deployed to Iraq"), only planned ("was scheduled to deploy but did not"), about someone else
 * ("my brother served in Vietnam") or an era ("during the Vietnam era") is left out.
 */
export function readServicePlaces(sentence: string): PlaceMention[] {
  const out: PlaceMention[] = [];
  if (ABOUT_THE_LAW.test(sentence)) return out;
  const periods = servicePeriods(sentence);
  for (const place of PLACES) {
    const m = new RegExp(place.pattern.source, place.pattern.flags.replace('g', '')).exec(sentence);
    if (!m) continue;
    if (ERA_AFTER.test(sentence.slice(m.index + m[0].length))) continue;
    const context = eventContext(sentence, m.index, m.index + m[0].length);
    if (context.negated || context.hypothetical || context.otherPerson) continue;
    const overlap = !place.window ? 'no-dates' : periods.length === 0 ? 'no-dates' : bestOverlap(periods, place.window, place.minDays);
    out.push({ place, text: m[0], sentence, periods, overlap });
  }
  return out;
}

/** A place's window in words: "Jan 9, 1962 – May 7, 1975", "on or after Aug 2, 1990". */
export function windowText(place: Place): string {
  if (!place.window) return '';
  const span = place.window.to
    ? `${longDate(place.window.from)} – ${longDate(place.window.to)}`
    : `on or after ${longDate(place.window.from)}`;
  return place.minDays ? `${place.minDays} days or more, ${span}` : span;
}

// ── Conditions each program presumes ────────────────────────────────────────────────────────────

export type Qualifier = 'diabetes-type-2' | 'ten-percent-within-a-year' | 'asthma-after-service';

export interface PresumedCondition {
  name: string;
  pattern: RegExp;
  qualifier?: Qualifier;
}

const c = (name: string, pattern: RegExp, qualifier?: Qualifier): PresumedCondition =>
  qualifier ? { name, pattern, qualifier } : { name, pattern };

/** DOMAIN §9.1, with the 2025 additions of 38 CFR 3.320 DOMAIN lists. */
const BURN_PIT: PresumedCondition[] = [
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
  c('asthma diagnosed after service', /\basthma\b/i, 'asthma-after-service'),
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

/** DOMAIN §9.3 (38 CFR 3.309(e)). */
const AGENT_ORANGE: PresumedCondition[] = [
  c('AL amyloidosis', /\bamyloidosis\b/i),
  c('bladder cancer', /\bbladder cancer\b/i),
  c('chronic B-cell leukemias', /\bB-cell leuka?emia|\bCLL\b|chronic lymphocytic leuka?emia/i),
  c('chloracne', /\bchloracne\b|acneform/i, 'ten-percent-within-a-year'),
  c('diabetes mellitus type 2', /\bdiabet\w*|\b(?:DM2|T2DM|DMII)\b/i, 'diabetes-type-2'),
  c("Hodgkin's disease", /\bhodgkin'?s (?:disease|lymphoma)\b/i),
  c('hypertension', /\bhypertension\b|high blood pressure/i),
  c('hypothyroidism', /\bhypothyroidism\b/i),
  c('ischemic heart disease', /\bischemic heart disease\b|coronary artery disease|\bCAD\b/i),
  c('MGUS', /\bMGUS\b|monoclonal gammopathy/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c("non-Hodgkin's lymphoma", /\bnon-hodgkin'?s lymphoma\b/i),
  c("Parkinson's disease and parkinsonism", /\bparkinson'?s|parkinsonism\b/i),
  c('early-onset peripheral neuropathy', /\bperipheral neuropathy\b/i, 'ten-percent-within-a-year'),
  c('porphyria cutanea tarda', /\bporphyria cutanea tarda\b/i, 'ten-percent-within-a-year'),
  c('prostate cancer', /\bprostate cancer\b/i),
  c('respiratory cancers', /\b(?:respiratory|lung|laryn\w*|trache\w*|bronch\w*) cancer\b/i),
  c('soft-tissue sarcomas', /\bsoft[- ]tissue sarcoma\b/i),
];

/** DOMAIN §9.2 (38 CFR 3.317). */
const GULF_WAR: PresumedCondition[] = [
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

/** DOMAIN §9.4. */
const CAMP_LEJEUNE: PresumedCondition[] = [
  c('adult leukemia', /\bleuka?emia\b/i),
  c('aplastic anemia and other myelodysplastic syndromes', /\baplastic anemia\b|myelodysplastic/i),
  c('bladder cancer', /\bbladder cancer\b/i),
  c('kidney cancer', /\b(?:kidney|renal) cancer\b/i),
  c('liver cancer', /\bliver cancer\b/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c("non-Hodgkin's lymphoma", /\bnon-hodgkin'?s lymphoma\b/i),
  c("Parkinson's disease", /\bparkinson'?s\b/i),
];

/** DOMAIN §9.4: the radiation presumptive cancers (38 CFR 3.309(d)(2)). */
const RADIATION: PresumedCondition[] = [
  c('cancer of the bile ducts', /\bbile duct cancer|cholangiocarcinoma/i),
  c('cancer of the bone', /\bbone cancer|osteosarcoma/i),
  c('cancer of the brain', /\bbrain (?:cancer|tumou?r)/i),
  c('cancer of the breast', /\bbreast cancer/i),
  c('cancer of the colon', /\bcolon cancer|colorectal cancer/i),
  c('cancer of the esophagus', /\besophageal cancer|cancer of the esophagus/i),
  c('cancer of the gall bladder', /\bgall ?bladder cancer/i),
  c('leukemia (other than chronic lymphocytic leukemia)', /\bleuka?emia\b(?!.*\bchronic lymphocytic)/i),
  c('cancer of the liver (primary)', /\bliver cancer|hepatocellular carcinoma/i),
  c('cancer of the lung', /\blung cancer|lung carcinoma/i),
  c("lymphomas (other than Hodgkin's disease)", /\b(?<!hodgkin'?s )lymphoma\b/i),
  c('multiple myeloma', /\bmultiple myeloma\b/i),
  c('cancer of the ovary', /\bovarian cancer|cancer of the ovary/i),
  c('cancer of the pancreas', /\bpancreatic cancer|cancer of the pancreas/i),
  c('cancer of the pharynx', /\bpharyn\w* cancer/i),
  c('cancer of the salivary gland', /\bsalivary gland cancer/i),
  c('cancer of the small intestine', /\bsmall intestine cancer|cancer of the small intestine/i),
  c('cancer of the stomach', /\bstomach cancer|gastric cancer/i),
  c('cancer of the thyroid', /\bthyroid cancer/i),
  c('cancer of the urinary tract', /\b(?:bladder|kidney|renal|ureter\w*|urethral|urinary tract) cancer/i),
];

/**
 * Chronic diseases of 38 CFR 3.309(a) (DOMAIN §10.4), presumed when manifest to 10 % or more within
 * one year of separation after 90 days or more of continuous service. DOMAIN names these; the rest
 * of the regulation's list is not encoded, so a disease missing here gets no presumption, never a wrong one.
 */
const CHRONIC_DISEASES: PresumedCondition[] = [
  c('arthritis', /\barthritis\b|\bosteoarthritis\b|degenerative joint disease|\bDJD\b/i),
  c('cardiovascular-renal disease, including hypertension', /\bhypertension\b|high blood pressure|cardiovascular-renal|nephritis/i),
  c('diabetes mellitus', /\bdiabet\w*/i),
  c('organic disease of the nervous system (sensorineural hearing loss)', /\bsensorineural hearing loss\b|\bhearing loss\b|\bSNHL\b/i),
  c('organic disease of the nervous system (tinnitus)', /\btinnitus\b/i),
  c('psychoses', /\bpsychos[ie]s\b|\bschizo\w*|psychotic disorder/i),
  c('peptic ulcers', /\bpeptic ulcer|\bgastric ulcer|\bduodenal ulcer/i),
  c('malignant tumours', /\bcancer\b|\bmalignan\w*|\bcarcinoma\b|\bsarcoma\b/i),
];

export const PRESUMED_CONDITIONS: Record<ProgramId, readonly PresumedCondition[]> = {
  'burn-pit': BURN_PIT,
  'gulf-war': GULF_WAR,
  'agent-orange': AGENT_ORANGE,
  'camp-lejeune': CAMP_LEJEUNE,
  radiation: RADIATION,
  'chronic-disease': CHRONIC_DISEASES,
};

// ── Judging a presumption ───────────────────────────────────────────────────────────────────────

export type PresumptionStatus = 'presumed' | 'assumed' | 'outside';

export interface PresumptionFinding {
  program: Program;
  /** The place of service (or "separation" for 3.309(a)). */
  place: string;
  condition: string;
  status: PresumptionStatus;
  /** Why, in plain words. */
  reason: string;
  /** What would settle it, for an assumed presumption. */
  nextStep?: string;
  /** The sentence that names the service. */
  sentence: string;
}

export interface ClaimedCondition {
  /** The claimed condition and the names found for it: which listed condition it is. */
  names: readonly string[];
  /** What the veteran and the documents say of it (the claim's words, its diagnosis, onset, history): the qualifiers read these. */
  evidence: readonly string[];
}

const TYPE_1 = /\btype (?:1|I|one)\b(?![I\d])|\bT1DM\b|\bjuvenile(?:[- ]onset)? diabetes|\binsulin[- ]dependent diabetes/i;
const TYPE_2 = /\btype (?:2|II|two)\b|\bT2DM\b|\bDM ?(?:2|II)\b|\badult[- ]onset diabetes|\bnon[- ]insulin[- ]dependent/i;
const WITHIN_A_YEAR =
  /\bwithin (?:a|one|1|the first) year\b|\bwithin (?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) months\b/i;
const TEN_PERCENT = /\b(?:10|ten)\s*(?:%|percent)\b|\bcompensable\b/i;
const ASTHMA_BEFORE =
  /\b(?:childhood asthma|asthma (?:since|as a) (?:child|childhood|birth|age \d+)|since childhood|as a child|before (?:service|enlist\w*|entering)|prior to (?:service|enlist\w*|entry)|pre-?existing|pre-?service)\b/i;
const ASTHMA_AFTER =
  /\b(?:diagnos\w*|onset|began|developed|started)\b[^.;]{0,80}\b(?:after (?:service|discharge|separation|returning|leaving|(?:his|her|my) (?:return|discharge|separation)|deployment)|since (?:returning|discharge|separation))\b/i;

function qualifierOf(
  qualifier: Qualifier | undefined,
  texts: readonly string[],
  condition: string,
): { status: 'ok' | 'unknown' | 'fails'; reason: string; nextStep?: string } {
  const all = texts.join(' ');
  switch (qualifier) {
    case undefined:
      return { status: 'ok', reason: '' };
    case 'diabetes-type-2':
      if (TYPE_1.test(all) && !TYPE_2.test(all))
        return { status: 'fails', reason: 'Only type 2 diabetes is on the list; type 1 is not presumptive.' };
      if (TYPE_2.test(all)) return { status: 'ok', reason: '' };
      return {
        status: 'unknown',
        reason: 'Only type 2 diabetes is on the list, and the records do not say which type.',
        nextStep: 'a medical record that names the type of diabetes (type 2)',
      };
    case 'ten-percent-within-a-year': {
      const shown = texts.some((t) => WITHIN_A_YEAR.test(t) && TEN_PERCENT.test(t));
      if (shown) return { status: 'ok', reason: '' };
      return {
        status: 'unknown',
        reason: `${condition} is presumed only when it was at least 10% disabling within one year of the exposure, and the records do not show that.`,
        nextStep: `medical records from the first year after the exposure that show ${condition} to a degree of 10% or more`,
      };
    }
    case 'asthma-after-service':
      if (texts.some((t) => ASTHMA_BEFORE.test(t)))
        return {
          status: 'fails',
          reason:
            'Only asthma diagnosed after service is on the list; asthma that began before service is a claim of aggravation (38 CFR 3.306).',
        };
      if (texts.some((t) => ASTHMA_AFTER.test(t))) return { status: 'ok', reason: '' };
      return {
        status: 'unknown',
        reason: 'Only asthma diagnosed after service is on the list, and the records do not say when it was first diagnosed.',
        nextStep: 'a medical record that shows asthma was first diagnosed after you left service',
      };
  }
}

function listed(program: ProgramId, names: readonly string[]): PresumedCondition | undefined {
  return PRESUMED_CONDITIONS[program].find((cond) => names.some((n) => cond.pattern.test(n)));
}

const RANK: Record<PresumptionStatus, number> = { presumed: 0, assumed: 1, outside: 2 };

/**
 * The presumptions the service sentences and a condition meet, best first. A place with dates that
 * certainly meet its window and a listed condition whose qualifier holds is presumed; a place
 * without dates, dates that only may meet it, or a qualifier the records do not show is assumed
 * (weak, with the next step); dates outside the window or a failed qualifier are outside (reported,
 * so the veteran is told why no presumption applies).
 */
export function presumptionsFor(serviceSentences: readonly string[], condition: ClaimedCondition): PresumptionFinding[] {
  const out: PresumptionFinding[] = [];
  const texts = condition.evidence;
  for (const sentence of serviceSentences) {
    for (const mention of readServicePlaces(sentence)) {
      const program = PROGRAMS[mention.place.program];
      const cond = listed(program.id, condition.names);
      if (!cond) continue;
      const base = { program, place: mention.place.name, condition: cond.name, sentence };
      const window = windowText(mention.place);
      if (mention.overlap === 'none') {
        out.push({
          ...base,
          status: 'outside',
          reason: `Service in ${mention.place.name} counts only ${window}; the dates given (${mention.periods.map((p) => p.text).join(', ')}) fall outside it.`,
        });
        continue;
      }
      const q = qualifierOf(cond.qualifier, texts, cond.name);
      if (q.status === 'fails') {
        out.push({ ...base, status: 'outside', reason: q.reason });
        continue;
      }
      const reasons: string[] = [];
      const steps: string[] = [];
      if (!mention.place.window) {
        reasons.push(`Service with ${mention.place.name} is named, and it must be confirmed by your service records.`);
        steps.push(`personnel records that show your ${mention.place.name} duty`);
      } else if (mention.overlap === 'no-dates') {
        reasons.push(`Service in ${mention.place.name} is named without dates; it counts only ${window}.`);
        steps.push(`your DD-214 or personnel records that show the dates you served in ${mention.place.name} (${window})`);
      } else if (mention.overlap === 'possible') {
        reasons.push(
          `The dates given (${mention.periods.map((p) => p.text).join(', ')}) may or may not fall ${mention.place.minDays ? 'for 30 days or more ' : ''}within the window (${window}).`,
        );
        steps.push(`your DD-214 or personnel records that show the exact dates you served in ${mention.place.name} (${window})`);
      }
      if (q.status === 'unknown') {
        reasons.push(q.reason);
        steps.push(q.nextStep!);
      }
      if (reasons.length === 0) {
        out.push({
          ...base,
          status: 'presumed',
          reason: `Presumed under ${program.name} (${program.citation}): service in ${mention.place.name} within ${window}, and ${cond.name} is on the list.`,
        });
      } else {
        out.push({
          ...base,
          status: 'assumed',
          reason: `${program.name[0]!.toUpperCase()}${program.name.slice(1)} (${program.citation}) may apply: ${reasons.join(' ')}`,
          nextStep: `Upload ${steps.join(', and ')}`,
        });
      }
    }
  }
  return out.sort((a, b) => RANK[a.status] - RANK[b.status]);
}

const SEPARATION_YEAR =
  /\b(?:within (?:a|one|1|the first) year|within (?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) months|(?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) months)\b[^.;]{0,40}\b(?:after|of|following) (?:(?:his|her|my|the veteran's) )?(?:separation|discharge|leaving (?:the )?(?:service|military)|getting out|release from active duty)\b/i;

/**
 * 38 CFR 3.307(a)(3), 3.309(a) (DOMAIN §10.4): a listed chronic disease shown within one year of
 * separation. The 10 % degree is part of the rule: without it in the records the presumption is
 * only assumed.
 */
export function chronicDiseasePresumption(condition: ClaimedCondition): PresumptionFinding | undefined {
  const cond = PRESUMED_CONDITIONS['chronic-disease'].find((d) => condition.names.some((n) => d.pattern.test(n)));
  if (!cond) return undefined;
  const sentence = condition.evidence.find((s) => SEPARATION_YEAR.test(s));
  if (!sentence) return undefined;
  const program = PROGRAMS['chronic-disease'];
  const base = { program, place: 'the year after separation', condition: cond.name, sentence };
  if (TEN_PERCENT.test(sentence)) {
    return {
      ...base,
      status: 'presumed',
      reason: `Presumed under ${program.name} (${program.citation}): ${cond.name} to a degree of 10% or more within one year of separation.`,
    };
  }
  return {
    ...base,
    status: 'assumed',
    reason: `The chronic disease presumption (${program.citation}) may apply: the records show ${cond.name} within a year of separation, but not that it was 10% disabling then.`,
    nextStep: `Upload medical records from the first year after separation that show ${cond.name} to a degree of 10% or more (and your DD-214 for the separation date)`,
  };
}
