import { type ConditionFinding } from '@cc/contracts';
import { isNegated, type Sentence } from './text';

/**
 * Condition table. Diagnostic codes, DBQ titles and rating levels are from DOMAIN.md §5 and §7;
 * presumptive flags from DOMAIN.md §9. ICD-10-CM codes are the usual codes for the condition
 * (a coding fact, not a VA fact) and are used to recognise codes written in the text.
 */
export interface ConditionDef {
  name: string;
  /** Case-insensitive names and synonyms (regex source, matched on word boundaries). */
  names: string[];
  /** Case-sensitive abbreviations, e.g. PTSD. */
  abbreviations?: string[];
  /** VA diagnostic codes (38 CFR Part 4) that identify the condition. */
  diagnosticCodes?: string[];
  /** Usual ICD-10-CM code. */
  icd10?: string;
  /** ICD-10-CM code prefixes that identify the condition when written in the text. */
  icd10Prefixes?: string[];
  /** DBQ form and title (DOMAIN §5). */
  dbq?: string;
  /** Rating levels (DOMAIN §7). */
  ratingLevels?: string;
  /** DOMAIN §7 criteria a DBQ/exam must document, each with a regex that shows it is present. */
  dbqElements?: { element: string; pattern: RegExp }[];
  /** Burn pit / airborne hazards presumptive (DOMAIN §9.1). */
  burnPit?: boolean;
  /** Agent Orange presumptive (DOMAIN §9.3). */
  agentOrange?: boolean;
  /** Gulf War 38 CFR 3.317 (DOMAIN §9.2). */
  gulfWar?: boolean;
}

const ROM = {
  element: 'Range of motion in degrees (flexion/extension)',
  pattern: /\b(flexion|extension|range of motion|ROM)\b[^.]*\d+\s*(°|degrees?)/i,
};

export const CONDITIONS: ConditionDef[] = [
  {
    name: 'PTSD',
    names: ['post-?traumatic stress disorder', 'posttraumatic stress disorder'],
    abbreviations: ['PTSD'],
    diagnosticCodes: ['9411'],
    icd10: 'F43.10',
    icd10Prefixes: ['F43.1'],
    dbq: '21-0960P-3 Review Evaluation of PTSD (initial PTSD DBQ is examiner-only)',
    ratingLevels: 'General Rating Formula for Mental Disorders: 0/10/30/50/70/100',
    dbqElements: [
      {
        element: 'Occupational and social impairment level',
        pattern: /occupational and social impairment|reduced reliability and productivity|deficiencies in most areas/i,
      },
      { element: 'Stressor description', pattern: /\bstressors?\b/i },
    ],
  },
  {
    name: 'Major depressive disorder',
    names: ['major depressive disorder', 'depressive disorder', 'depression'],
    abbreviations: ['MDD'],
    diagnosticCodes: ['9434'],
    icd10: 'F33.1',
    icd10Prefixes: ['F32', 'F33'],
    dbq: '21-0960P-2 Mental Disorders (other than PTSD)',
    ratingLevels: 'General Rating Formula for Mental Disorders: 0/10/30/50/70/100',
    dbqElements: [
      {
        element: 'Occupational and social impairment level',
        pattern: /occupational and social impairment|reduced reliability and productivity/i,
      },
    ],
  },
  {
    name: 'Generalized anxiety disorder',
    names: ['generalized anxiety disorder', 'anxiety disorder'],
    abbreviations: ['GAD'],
    diagnosticCodes: ['9400'],
    icd10: 'F41.1',
    icd10Prefixes: ['F41.1'],
    dbq: '21-0960P-2 Mental Disorders (other than PTSD)',
    ratingLevels: 'General Rating Formula for Mental Disorders: 0/10/30/50/70/100',
  },
  {
    name: 'Tinnitus',
    // A veteran says it plainly; tinnitus is observable by the person who has it (Charles v. Principi).
    names: ['tinnitus', 'ringing in (?:my|the|his|her|both) ears', 'ringing ears'],
    diagnosticCodes: ['6260'],
    icd10: 'H93.13',
    icd10Prefixes: ['H93.1'],
    dbq: 'Hearing Loss and Tinnitus DBQ (examiner-only)',
    ratingLevels: 'DC 6260: 10% only, one rating for one or both ears',
    dbqElements: [
      {
        element: 'Recurrent tinnitus',
        pattern: /\b(recurrent|constant|persistent|intermittent)\b[^.]*tinnitus|tinnitus[^.]*\b(recurrent|constant|persistent)\b/i,
      },
    ],
  },
  {
    name: 'Hearing loss',
    names: ['(?:bilateral |sensorineural )*hearing loss'],
    abbreviations: ['SNHL'],
    diagnosticCodes: ['6100'],
    icd10: 'H90.3',
    icd10Prefixes: ['H90'],
    dbq: 'Hearing Loss and Tinnitus DBQ (examiner-only)',
    ratingLevels: 'DC 6100: 0-100% from puretone average and Maryland CNC speech discrimination',
    dbqElements: [
      { element: 'Puretone thresholds (1000-4000 Hz)', pattern: /puretone|pure tone|audiogram/i },
      { element: 'Maryland CNC speech discrimination', pattern: /maryland cnc|speech discrimination|speech recognition/i },
    ],
  },
  {
    name: 'Obstructive sleep apnea',
    names: ['obstructive sleep apnea', 'sleep apnea', 'sleep-disordered breathing'],
    abbreviations: ['OSA'],
    diagnosticCodes: ['6847'],
    icd10: 'G47.33',
    icd10Prefixes: ['G47.3'],
    dbq: '21-0960L-2 Sleep Apnea',
    ratingLevels: 'DC 6847: 0/30/50/100 (50% when a breathing assistance device such as CPAP is required)',
    dbqElements: [
      {
        element: 'Sleep study (polysomnography) confirming diagnosis',
        pattern: /sleep study|polysomnogra|\bPSG\b|apnea-hypopnea|\bAHI\b/i,
      },
      { element: 'Breathing assistance device (CPAP) use', pattern: /\b(c-?pap|bipap|breathing assistance device)\b/i },
      { element: 'Daytime hypersomnolence', pattern: /daytime (sleepiness|somnolence|hypersomnolence)|hypersomnolence/i },
    ],
  },
  {
    name: 'Hypertension',
    names: ['hypertension', 'high blood pressure', 'hypertensive vascular disease'],
    abbreviations: ['HTN'],
    diagnosticCodes: ['7101'],
    icd10: 'I10',
    icd10Prefixes: ['I10'],
    dbq: '21-0960A-3 Hypertension',
    ratingLevels: 'DC 7101: 10/20/40/60 by diastolic/systolic readings',
    agentOrange: true,
    dbqElements: [
      { element: 'Blood pressure readings confirmed on multiple days', pattern: /\b\d{2,3}\/\d{2,3}\b/ },
      {
        element: 'Continuous medication',
        pattern: /\b(lisinopril|amlodipine|losartan|hydrochlorothiazide|metoprolol|antihypertensive|continuous medication)\b/i,
      },
    ],
  },
  {
    name: 'Diabetes mellitus type 2',
    // Type 1 is another disease, and not presumptive (38 CFR 3.309(e) names type 2).
    names: [
      'diabetes mellitus(?:,? type (?:2|ii))?(?!,? type (?:1|i)\\b)',
      'type (?:2|ii) diabetes(?: mellitus)?',
      '(?<!type (?:1|i) |juvenile |insulin-dependent )diabetes(?! mellitus,? type (?:1|i)\\b| insipidus)',
    ],
    abbreviations: ['DM2', 'T2DM', 'DMII'],
    diagnosticCodes: ['7913'],
    icd10: 'E11.9',
    icd10Prefixes: ['E11'],
    dbq: '21-0960E-1 Diabetes Mellitus',
    ratingLevels: 'DC 7913: 10/20/40/60/100',
    agentOrange: true,
    dbqElements: [
      { element: 'Insulin or oral hypoglycemic agent', pattern: /\b(insulin|metformin|oral hypoglycemic)\b/i },
      { element: 'Restricted diet', pattern: /restricted diet|diabetic diet/i },
      { element: 'Regulation of activities', pattern: /regulation of activities/i },
    ],
  },
  {
    name: 'GERD',
    names: ['gastro-?esophageal reflux disease', 'acid reflux'],
    abbreviations: ['GERD'],
    diagnosticCodes: ['7206'],
    icd10: 'K21.9',
    icd10Prefixes: ['K21'],
    dbq: '21-0960G-1 Esophageal Conditions (including GERD, Hiatal Hernia, and Other Esophageal Disorders)',
    ratingLevels: 'DC 7206 (rated under DC 7203): 0/10/30/50/80, since May 19, 2024',
    dbqElements: [
      { element: 'Daily medication', pattern: /\b(omeprazole|pantoprazole|famotidine|proton pump inhibitor|PPI|daily medication)\b/i },
      { element: 'Dysphagia or stricture', pattern: /dysphagia|stricture|dilatation/i },
    ],
  },
  {
    name: 'Irritable bowel syndrome',
    names: ['irritable bowel syndrome'],
    abbreviations: ['IBS'],
    diagnosticCodes: ['7319'],
    icd10: 'K58.9',
    icd10Prefixes: ['K58'],
    dbq: '21-0960G-3 Intestinal Conditions (other than surgical or infectious), including IBS',
    ratingLevels: 'DC 7319: 0/10/20/30 (2024 criteria)',
    gulfWar: true,
  },
  {
    name: 'Migraine',
    names: ['migraines?(?: headaches?)?'],
    diagnosticCodes: ['8100'],
    icd10: 'G43.909',
    icd10Prefixes: ['G43'],
    dbq: '21-0960C-8 Headaches (including Migraine Headaches)',
    ratingLevels: 'DC 8100: 0/10/30/50 by frequency of prostrating attacks',
    dbqElements: [{ element: 'Frequency of prostrating attacks', pattern: /prostrating/i }],
  },
  {
    name: 'Traumatic brain injury',
    names: ['traumatic brain injury'],
    abbreviations: ['TBI'],
    diagnosticCodes: ['8045'],
    icd10: 'S06.9',
    icd10Prefixes: ['S06'],
    dbq: 'Initial TBI DBQ (examiner-only)',
    ratingLevels: 'DC 8045: facets mapped to 0/10/40/70/100',
  },
  {
    name: 'Degenerative disc disease',
    names: ['degenerative disc disease', 'degenerative disk disease', 'degenerative arthritis of the (?:lumbar |thoracolumbar )?spine'],
    abbreviations: ['DDD'],
    diagnosticCodes: ['5242'],
    icd10: 'M51.36',
    icd10Prefixes: ['M51.3'],
    dbq: '21-0960M-14 Back (Thoracolumbar Spine) Conditions',
    ratingLevels: 'General Rating Formula for the spine: 10/20/40/50/100 (thoracolumbar)',
    dbqElements: [
      ROM,
      { element: 'Associated neurological abnormalities (radiculopathy, bowel/bladder)', pattern: /radiculopathy|neurolog|bowel|bladder/i },
    ],
  },
  {
    name: 'Lumbosacral strain',
    names: ['lumbosacral strain', 'lumbar strain', 'low back strain', 'thoracolumbar strain'],
    diagnosticCodes: ['5237'],
    icd10: 'S39.012A',
    dbq: '21-0960M-14 Back (Thoracolumbar Spine) Conditions',
    ratingLevels: 'General Rating Formula for the spine: 10/20/40/50/100 (thoracolumbar)',
    dbqElements: [ROM],
  },
  {
    name: 'Intervertebral disc syndrome',
    names: ['intervertebral disc syndrome', 'herniated (?:lumbar )?disc', 'disc herniation'],
    abbreviations: ['IVDS'],
    diagnosticCodes: ['5243'],
    icd10: 'M51.26',
    icd10Prefixes: ['M51.2'],
    dbq: '21-0960M-14 Back (Thoracolumbar Spine) Conditions',
    ratingLevels: 'Spine formula or incapacitating episodes: 10/20/40/60',
    dbqElements: [ROM, { element: 'Incapacitating episodes in the past 12 months', pattern: /incapacitating episode/i }],
  },
  {
    name: 'Cervical strain',
    names: ['cervical (?:spine )?strain', 'neck strain'],
    diagnosticCodes: [],
    icd10: 'S16.1XXA',
    dbq: '21-0960M-13 Neck (Cervical Spine) Conditions',
    ratingLevels: 'General Rating Formula for the spine: 10/20/30/40 (cervical)',
    dbqElements: [ROM],
  },
  {
    name: 'Radiculopathy',
    names: ['radiculopathy', 'sciatica'],
    diagnosticCodes: ['8520'],
    icd10: 'M54.16',
    icd10Prefixes: ['M54.1'],
    dbq: '21-0960C-10 Peripheral Nerve Conditions',
    ratingLevels: 'DC 8520 sciatic nerve: 10/20/40/60, complete paralysis 80',
  },
  {
    name: 'Knee condition',
    names: [
      '(?:(?:left|right|bilateral) )?knee (?:strain|sprain|condition|injury|instability|osteoarthritis|arthritis|disability|pain)',
      'patellofemoral pain syndrome',
      '(?:osteo)?arthritis (?:of|in) (?:the |both |his |her )?(?:(?:left|right|bilateral) )?knees?',
      'menisc(?:us|al) tear',
    ],
    diagnosticCodes: ['5257', '5260', '5261'],
    icd10: 'M17.9',
    icd10Prefixes: ['M17', 'M22.2'],
    dbq: '21-0960M-9 Knee and Lower Leg Conditions',
    ratingLevels: 'DC 5260 flexion 0/10/20/30; DC 5261 extension 0/10/20/30/40/50; DC 5257 instability 10/20/30',
    dbqElements: [ROM, { element: 'Instability testing', pattern: /instability|lachman|drawer test/i }],
  },
  {
    name: 'Pes planus',
    names: ['pes planus', 'flat ?feet', 'flatfoot'],
    diagnosticCodes: ['5276'],
    icd10: 'M21.40',
    icd10Prefixes: ['M21.4'],
    dbq: '21-0960M-6 Foot Conditions, including Flatfoot (Pes Planus)',
    ratingLevels: 'DC 5276: 0/10/20-30/30-50',
  },
  {
    name: 'Plantar fasciitis',
    names: ['plantar fasciitis'],
    diagnosticCodes: ['5269'],
    icd10: 'M72.2',
    icd10Prefixes: ['M72.2'],
    dbq: '21-0960M-6 Foot Conditions, including Flatfoot (Pes Planus)',
    ratingLevels: 'DC 5269: 10/20/30/40',
  },
  {
    name: 'Shoulder condition',
    names: ['(?:(?:left|right) )?shoulder (?:impingement|strain|condition|injury)', 'rotator cuff (?:tear|tendinopathy|tendinitis)'],
    diagnosticCodes: ['5201'],
    icd10: 'M75.40',
    dbq: '21-0960M-12 Shoulder and Arm Conditions',
    ratingLevels: 'DC 5201: 20/30/40 (dominant arm)',
    dbqElements: [ROM],
  },
  {
    name: 'Asthma',
    names: ['asthma'],
    diagnosticCodes: ['6602'],
    icd10: 'J45.909',
    icd10Prefixes: ['J45'],
    dbq: '21-0960L-1 Respiratory Conditions',
    ratingLevels: 'DC 6602: 10/30/60/100 by FEV-1 and treatment',
    burnPit: true,
    dbqElements: [{ element: 'Pulmonary function tests (FEV-1, FEV-1/FVC)', pattern: /FEV-?1|pulmonary function|\bPFTs?\b|spirometry/i }],
  },
  {
    name: 'COPD',
    names: ['chronic obstructive pulmonary disease'],
    abbreviations: ['COPD'],
    diagnosticCodes: ['6604'],
    icd10: 'J44.9',
    icd10Prefixes: ['J44'],
    dbq: '21-0960L-1 Respiratory Conditions',
    ratingLevels: 'DC 6604: 10/30/60/100 by pulmonary function tests',
    burnPit: true,
    dbqElements: [{ element: 'Pulmonary function tests (FEV-1, FEV-1/FVC)', pattern: /FEV-?1|pulmonary function|\bPFTs?\b|spirometry/i }],
  },
  {
    name: 'Chronic sinusitis',
    names: ['(?:chronic )?(?:rhino)?sinusitis'],
    diagnosticCodes: ['6510', '6511', '6512', '6513', '6514'],
    icd10: 'J32.9',
    icd10Prefixes: ['J32'],
    dbq: '21-0960N-4 Sinusitis/Rhinitis and Other Conditions of the Nose, Throat, Larynx, and Pharynx',
    ratingLevels: 'General Rating Formula for Sinusitis: 0/10/30/50',
    burnPit: true,
    dbqElements: [{ element: 'Incapacitating / non-incapacitating episodes per year', pattern: /episodes?/i }],
  },
  {
    name: 'Chronic rhinitis',
    names: ['(?:chronic |allergic |vasomotor )?rhinitis'],
    diagnosticCodes: ['6522'],
    icd10: 'J31.0',
    icd10Prefixes: ['J31.0', 'J30'],
    dbq: '21-0960N-4 Sinusitis/Rhinitis and Other Conditions of the Nose, Throat, Larynx, and Pharynx',
    ratingLevels: 'DC 6522: 10 (obstruction), 30 (polyps)',
    burnPit: true,
  },
  {
    name: 'Chronic bronchitis',
    names: ['chronic bronchitis'],
    icd10: 'J42',
    icd10Prefixes: ['J42'],
    dbq: '21-0960L-1 Respiratory Conditions',
    burnPit: true,
  },
  {
    name: 'Constrictive bronchiolitis',
    names: ['(?:constrictive|obliterative) bronchiolitis', 'bronchiolitis obliterans'],
    icd10: 'J44.89',
    dbq: '21-0960L-1 Respiratory Conditions',
    burnPit: true,
  },
  {
    name: 'Emphysema',
    names: ['emphysema'],
    icd10: 'J43.9',
    icd10Prefixes: ['J43'],
    dbq: '21-0960L-1 Respiratory Conditions',
    burnPit: true,
  },
  {
    name: 'Interstitial lung disease',
    names: ['interstitial lung disease'],
    abbreviations: ['ILD'],
    icd10: 'J84.9',
    dbq: '21-0960L-1 Respiratory Conditions',
    burnPit: true,
  },
  { name: 'Pulmonary fibrosis', names: ['pulmonary fibrosis'], icd10: 'J84.10', dbq: '21-0960L-1 Respiratory Conditions', burnPit: true },
  { name: 'Sarcoidosis', names: ['sarcoidosis'], icd10: 'D86.9', icd10Prefixes: ['D86'], burnPit: true },
  {
    name: 'Respiratory cancer',
    names: ['lung cancer', 'respiratory cancer', '(?:non-small cell|small cell) lung (?:cancer|carcinoma)'],
    icd10: 'C34.90',
    icd10Prefixes: ['C34'],
    burnPit: true,
    agentOrange: true,
  },
  { name: 'Lymphoma', names: ["(?:non-hodgkin'?s? )?lymphoma"], icd10: 'C85.90', icd10Prefixes: ['C85', 'C83'], burnPit: true },
  {
    name: 'Erectile dysfunction',
    names: ['erectile dysfunction'],
    diagnosticCodes: ['7522'],
    icd10: 'N52.9',
    icd10Prefixes: ['N52'],
    dbq: '21-0960J-2 Male Reproductive Organ Conditions',
    ratingLevels: 'DC 7522: 20% with penile deformity; otherwise 0% plus SMC(k)',
  },
  {
    name: 'Peripheral neuropathy',
    names: ['(?:diabetic )?(?:peripheral )?neuropathy', 'diabetic sensory-motor peripheral neuropathy'],
    icd10: 'G62.9',
    icd10Prefixes: ['G62', 'E11.4'],
    dbq: '21-0960C-4 Diabetic Sensory-Motor Peripheral Neuropathy',
    ratingLevels: 'Peripheral nerve ratings, e.g. DC 8520 10/20/40/60/80',
  },
  {
    name: 'Chronic kidney disease',
    names: ['chronic kidney disease', '(?:diabetic )?nephropathy'],
    abbreviations: ['CKD'],
    icd10: 'N18.9',
    icd10Prefixes: ['N18'],
    dbq: '21-0960J-1 Kidney Conditions (Nephrology)',
  },
  {
    name: 'Coronary artery disease',
    names: ['coronary artery disease', 'ischemic heart disease'],
    abbreviations: ['CAD', 'IHD'],
    diagnosticCodes: ['7005'],
    icd10: 'I25.10',
    icd10Prefixes: ['I25'],
    dbq: '21-0960A-4 Heart Conditions',
    ratingLevels: 'DC 7005: 10/30/60/100 by METs, LVEF, CHF',
    agentOrange: true,
  },
  {
    name: 'Fibromyalgia',
    names: ['fibromyalgia'],
    diagnosticCodes: ['5025'],
    icd10: 'M79.7',
    icd10Prefixes: ['M79.7'],
    dbq: '21-0960C-7 Fibromyalgia',
    ratingLevels: 'DC 5025: 10/20/40',
    gulfWar: true,
  },
  {
    name: 'Chronic fatigue syndrome',
    names: ['chronic fatigue syndrome'],
    abbreviations: ['CFS'],
    icd10: 'R53.82',
    dbq: '21-0960Q-1 Chronic Fatigue Syndrome',
    gulfWar: true,
  },
  {
    name: 'Carpal tunnel syndrome',
    names: ['carpal tunnel syndrome'],
    abbreviations: ['CTS'],
    diagnosticCodes: ['8515'],
    icd10: 'G56.00',
    icd10Prefixes: ['G56.0'],
    dbq: '21-0960C-10 Peripheral Nerve Conditions',
    ratingLevels: 'DC 8515 median nerve: 10/30/50/70 (dominant)',
  },
  {
    name: 'Prostate cancer',
    names: ['prostate cancer', 'prostate adenocarcinoma'],
    diagnosticCodes: ['7528'],
    icd10: 'C61',
    icd10Prefixes: ['C61'],
    dbq: '21-0960J-3 Prostate Cancer',
    agentOrange: true,
  },
  {
    name: 'Hypothyroidism',
    names: ['hypothyroidism'],
    icd10: 'E03.9',
    icd10Prefixes: ['E03'],
    dbq: '21-0960E-3 Thyroid and Parathyroid Conditions',
    agentOrange: true,
  },
  {
    name: "Parkinson's disease",
    names: ["parkinson'?s disease", 'parkinsonism'],
    icd10: 'G20',
    dbq: "21-0960C-1 Parkinson's Disease",
    agentOrange: true,
  },
  { name: 'Insomnia', names: ['insomnia'], icd10: 'G47.00', icd10Prefixes: ['G47.0'] },
  {
    name: 'Alcohol use disorder',
    names: ['alcohol use disorder', 'alcohol dependence', 'alcohol abuse'],
    icd10: 'F10.20',
    icd10Prefixes: ['F10'],
  },
  {
    name: 'Gastritis',
    names: ['gastritis', 'peptic ulcer(?: disease)?'],
    icd10: 'K29.70',
    dbq: '21-0960G-7 Stomach and Duodenum Conditions',
  },
  {
    name: 'Hemorrhoids',
    names: ['hemorrhoids'],
    diagnosticCodes: ['7336'],
    icd10: 'K64.9',
    dbq: '21-0960H-2 Rectum and Anus Conditions (including Hemorrhoids)',
  },
];

export function conditionByName(name: string): ConditionDef | undefined {
  return CONDITIONS.find((c) => c.name === name);
}

interface Matcher {
  def: ConditionDef;
  re: RegExp;
}

const MATCHERS: Matcher[] = CONDITIONS.flatMap((def) => {
  const out: Matcher[] = [{ def, re: new RegExp(`\\b(?:${def.names.join('|')})\\b`, 'gi') }];
  if (def.abbreviations?.length) out.push({ def, re: new RegExp(`\\b(?:${def.abbreviations.join('|')})\\b`, 'g') });
  if (def.diagnosticCodes?.length) {
    out.push({ def, re: new RegExp(`\\b(?:DC|Diagnostic Code)\\s*(?:${def.diagnosticCodes.join('|')})\\b`, 'gi') });
  }
  return out;
});

/** ICD-10-CM code shape: a letter, two digits, optional dot and up to four characters. */
export const ICD10_PATTERN = /\b([A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4})?)\b/g;

function conditionForIcd10(code: string): ConditionDef | undefined {
  return CONDITIONS.find((c) => c.icd10Prefixes?.some((p) => code.startsWith(p)));
}

export interface ConditionMention {
  def: ConditionDef;
  sentence: Sentence;
  /** ICD-10 code written in the text, if any. */
  icd10?: string;
  negated: boolean;
}

/** Every mention of a supported condition, including negated ones (flagged). */
export function findConditionMentions(sentences: Sentence[]): ConditionMention[] {
  const out: ConditionMention[] = [];
  for (const sentence of sentences) {
    const text = sentence.text;
    // Questions put to an examiner ("Is it at least as likely as not that X...?") are still mentions.
    for (const { def, re } of MATCHERS) {
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text))) {
        out.push({ def, sentence, negated: isNegated(text, m.index, m.index + m[0].length) });
      }
    }
    ICD10_PATTERN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = ICD10_PATTERN.exec(text))) {
      const code = m[1] ?? '';
      // Require a dotted code or an explicit ICD label, so "C61" in prose still needs context.
      if (!code.includes('.') && !/icd/i.test(text)) continue;
      const def = conditionForIcd10(code);
      if (def) out.push({ def, sentence, icd10: code, negated: false });
    }
  }
  return out;
}

/**
 * How well a sentence shows a condition: a diagnosis or assessment first, then a sentence of
 * running text, and a heading ("Tinnitus - Medical Opinion") last: the map quotes it as the evidence.
 */
function sourceRank(text: string): number {
  // A question put to an examiner names the condition without showing it.
  if (/\?\s*$|\b(?:was asked|were asked|whether|opinion requested|requested an opinion)\b/i.test(text)) return 3;
  if (/\b(?:diagnos\w*|assessment|impression|problem list|examination|exam)\b/i.test(text)) return 0;
  if (/[.!?]$/.test(text.trim()) || text.trim().split(/\s+/).length >= 6) return 1;
  return 2;
}

/**
 * Conditions present in the text: a condition counts when at least one mention is not negated.
 * The finding's source is its best non-negated mention (sourceRank, then the earliest); a code
 * written in the text wins over the table's usual ICD-10 code.
 */
export function detectConditions(sentences: Sentence[]): { findings: ConditionFinding[]; mentions: ConditionMention[] } {
  const mentions = findConditionMentions(sentences);
  const affirmed = mentions.filter((m) => !m.negated);
  const byName = new Map<string, ConditionFinding>();
  for (const m of affirmed) {
    if (byName.has(m.def.name)) continue;
    const own = affirmed.filter((x) => x.def === m.def);
    const best = own.reduce((a, b) => (sourceRank(b.sentence.text) < sourceRank(a.sentence.text) ? b : a));
    const finding: ConditionFinding = { name: m.def.name, source: best.sentence.text };
    if (m.def.diagnosticCodes?.[0]) finding.diagnosticCode = m.def.diagnosticCodes[0];
    const dcInText = own
      .map((x) => /\b(?:DC|Diagnostic Code)\s*(\d{4})\b/i.exec(x.sentence.text)?.[1])
      .find((dc) => dc && m.def.diagnosticCodes?.includes(dc));
    if (dcInText) finding.diagnosticCode = dcInText;
    const icd =
      own
        .map((x) => x.icd10)
        .filter(Boolean)
        .pop() ?? m.def.icd10;
    if (icd) finding.icd10 = icd;
    byName.set(m.def.name, finding);
  }
  return { findings: [...byName.values()], mentions: affirmed };
}
