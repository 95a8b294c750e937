import { type SecondaryConditionsAnalysis } from '@cc/contracts';
import { monthsAfterInjury, tbiSecondaryRuling, tbiSeverity, type TbiRuling } from '@cc/contracts/reading';
import { conditionByName, type ConditionMention } from './conditions';
import { type Sentence } from './text';

/** Secondary service-connection pairs of DOMAIN.md §6 (primary -> secondary, mechanism). */
export interface SecondaryPair {
  row: number;
  primaries: string[];
  /** Secondary name; `condition` links it to the condition table when there is one. */
  secondaries: { name: string; condition?: string }[];
  mechanism: string;
  /** Written into regulation or the rating schedule (REG in DOMAIN §6). */
  reg?: string;
  /** Marked contested or weaker in DOMAIN §6. */
  contested?: boolean;
}

const SPINE = ['Degenerative disc disease', 'Lumbosacral strain', 'Intervertebral disc syndrome'];
const MENTAL = ['PTSD', 'Major depressive disorder', 'Generalized anxiety disorder'];
const ORTHO = ['Knee condition', 'Pes planus', 'Plantar fasciitis', 'Shoulder condition', 'Cervical strain', ...SPINE];
/** Long-term NSAID use is a primary cause in rows 15-16 although it is not a condition. */
export const NSAID_PRIMARY = 'Long-term NSAID use';
const NSAID = /\b(NSAIDs?|ibuprofen|naproxen|meloxicam|diclofenac|motrin)\b/i;

export const SECONDARY_PAIRS: SecondaryPair[] = [
  {
    row: 1,
    primaries: ['Knee condition'],
    secondaries: [
      { name: 'Opposite knee condition', condition: 'Knee condition' },
      { name: 'Hip condition' },
      { name: 'Low back condition', condition: 'Lumbosacral strain' },
    ],
    mechanism: 'Altered gait, favoring one side, overuse',
  },
  {
    row: 2,
    primaries: ['Pes planus', 'Plantar fasciitis'],
    secondaries: [
      { name: 'Knee condition', condition: 'Knee condition' },
      { name: 'Hip condition' },
      { name: 'Back condition', condition: 'Lumbosacral strain' },
    ],
    mechanism: 'Abnormal biomechanics and gait',
  },
  {
    row: 3,
    primaries: SPINE,
    secondaries: [{ name: 'Lower-extremity radiculopathy (sciatic nerve, DC 8520)', condition: 'Radiculopathy' }],
    mechanism: 'Nerve-root compression',
    reg: 'Spine formula Note (1): associated objective neurologic problems are rated separately',
  },
  {
    row: 4,
    primaries: ['Cervical strain'],
    secondaries: [{ name: 'Upper-extremity radiculopathy', condition: 'Radiculopathy' }],
    mechanism: 'Nerve-root compression (spine formula Note (1))',
  },
  {
    row: 5,
    primaries: SPINE,
    secondaries: [{ name: 'Bowel or bladder dysfunction' }, { name: 'Erectile dysfunction', condition: 'Erectile dysfunction' }],
    mechanism: 'Neurogenic',
    reg: 'Spine formula Note (1) names bowel/bladder impairment',
  },
  {
    row: 6,
    primaries: ['Diabetes mellitus type 2'],
    secondaries: [{ name: 'Peripheral neuropathy (upper/lower)', condition: 'Peripheral neuropathy' }],
    mechanism: 'Diabetic nerve damage',
    reg: 'DC 7913 Note (1): compensable complications are rated separately',
  },
  {
    row: 7,
    primaries: ['Diabetes mellitus type 2'],
    secondaries: [{ name: 'Erectile dysfunction (+ SMC(k))', condition: 'Erectile dysfunction' }],
    mechanism: 'Vascular/neuropathic; SMC(k) for loss of use of a creative organ (38 CFR 3.350(a))',
  },
  {
    row: 8,
    primaries: ['Diabetes mellitus type 2'],
    secondaries: [{ name: 'Diabetic nephropathy / CKD', condition: 'Chronic kidney disease' }],
    mechanism: 'Microvascular kidney damage',
  },
  {
    row: 9,
    primaries: ['Diabetes mellitus type 2'],
    secondaries: [{ name: 'Diabetic retinopathy, cataracts' }],
    mechanism: 'Microvascular eye disease',
  },
  {
    row: 10,
    primaries: ['Diabetes mellitus type 2'],
    secondaries: [{ name: 'Hypertension', condition: 'Hypertension' }],
    mechanism: 'Nephropathy and vascular disease (causation or aggravation)',
  },
  {
    row: 11,
    primaries: ['Hypertension'],
    secondaries: [
      { name: 'Hypertensive heart disease' },
      { name: 'Chronic kidney disease', condition: 'Chronic kidney disease' },
      { name: 'Stroke residuals' },
    ],
    mechanism: 'End-organ damage',
  },
  {
    row: 12,
    primaries: ['PTSD', 'Major depressive disorder'],
    secondaries: [{ name: 'Erectile dysfunction', condition: 'Erectile dysfunction' }],
    mechanism: 'SSRI/SNRI side effects; psychogenic ED',
  },
  {
    row: 13,
    primaries: MENTAL,
    secondaries: [{ name: 'Obstructive sleep apnea', condition: 'Obstructive sleep apnea' }],
    mechanism: 'Often argued via weight gain from psychotropic drugs, or as aggravation',
    contested: true,
  },
  {
    row: 14,
    primaries: ['PTSD'],
    secondaries: [{ name: 'Hypertension', condition: 'Hypertension' }],
    mechanism: 'Chronic sympathetic activation; often argued as aggravation',
    contested: true,
  },
  {
    row: 15,
    primaries: [...MENTAL, NSAID_PRIMARY],
    secondaries: [
      { name: 'GERD', condition: 'GERD' },
      { name: 'Gastritis / peptic ulcer', condition: 'Gastritis' },
    ],
    mechanism: 'Drug side effects (NSAID mucosal injury; some psychotropics)',
  },
  {
    row: 16,
    primaries: [NSAID_PRIMARY],
    secondaries: [{ name: 'Chronic kidney disease', condition: 'Chronic kidney disease' }],
    mechanism: 'NSAID nephrotoxicity',
  },
  {
    row: 17,
    primaries: [...ORTHO, 'Fibromyalgia'],
    secondaries: [
      { name: 'Depression', condition: 'Major depressive disorder' },
      { name: 'Anxiety', condition: 'Generalized anxiety disorder' },
    ],
    mechanism: 'Psychological effect of chronic pain and functional loss',
  },
  {
    row: 18,
    primaries: ['Hearing loss'],
    secondaries: [{ name: 'Tinnitus', condition: 'Tinnitus' }],
    mechanism: 'Both usually come from noise-damaged cochlear hair cells',
  },
  {
    row: 18,
    primaries: ['Tinnitus'],
    secondaries: [{ name: 'Hearing loss', condition: 'Hearing loss' }],
    mechanism: 'Both usually come from noise-damaged cochlear hair cells',
  },
  {
    row: 19,
    primaries: ['Tinnitus'],
    secondaries: [
      { name: 'Anxiety', condition: 'Generalized anxiety disorder' },
      { name: 'Depression', condition: 'Major depressive disorder' },
      { name: 'Insomnia', condition: 'Insomnia' },
    ],
    mechanism: 'Chronic tinnitus distress',
  },
  {
    row: 20,
    primaries: ['Traumatic brain injury'],
    secondaries: [
      { name: 'Parkinsonism', condition: "Parkinson's disease" },
      { name: 'Unprovoked seizures' },
      { name: 'Certain dementias' },
      { name: 'Depression', condition: 'Major depressive disorder' },
      { name: 'Hypothalamic/pituitary deficiencies' },
    ],
    mechanism: 'Moderate or severe TBI, with time windows',
    reg: '38 CFR 3.310(d)',
  },
  {
    row: 21,
    primaries: ['Cervical strain', 'Traumatic brain injury'],
    secondaries: [{ name: 'Migraine / cervicogenic headaches', condition: 'Migraine' }],
    mechanism: 'Referred pain; post-traumatic headache',
  },
  {
    row: 22,
    primaries: ['Obstructive sleep apnea'],
    secondaries: [{ name: 'Hypertension', condition: 'Hypertension' }],
    mechanism: 'OSA is a recognized cause of secondary hypertension',
  },
  {
    row: 24,
    primaries: ['PTSD'],
    secondaries: [{ name: 'Alcohol or drug use disorder', condition: 'Alcohol use disorder' }],
    mechanism: 'Compensable only when secondary (Allen v. Principi); primary alcohol abuse is barred by 38 U.S.C. 1110',
  },
  {
    row: 25,
    primaries: ORTHO,
    secondaries: [
      { name: 'Sleep apnea (via obesity from immobility)', condition: 'Obstructive sleep apnea' },
      { name: 'Hypertension (via obesity from immobility)', condition: 'Hypertension' },
    ],
    mechanism: 'Obesity as an intermediate step (VAOPGCPREC 1-2017; Walsh v. Wilkie)',
    contested: true,
  },
  {
    row: 26,
    primaries: ['Chronic rhinitis', 'Chronic sinusitis'],
    secondaries: [{ name: 'Sleep apnea', condition: 'Obstructive sleep apnea' }],
    mechanism: 'Nasal obstruction (case by case)',
    contested: true,
  },
  {
    row: 27,
    primaries: ['Shoulder condition'],
    secondaries: [{ name: 'Opposite shoulder condition', condition: 'Shoulder condition' }],
    mechanism: 'Overuse (weaker)',
    contested: true,
  },
];

const SERVICE_CONNECTED = /\bservice[- ]connected\b|\bservice connection (?:for|of) [^.]*\b(?:granted|established)\b|\bSC\b/i;
const NOT_SERVICE_CONNECTED = /\b(not|non-?)[- ]?service[- ]connected\b|\bdenied\b/i;
const RATING = /\b(\d{1,3})\s?(?:%|percent)/i;
const LINK = /\b(secondary to|due to|caused by|result of|aggravated by|worsened by|related to)\b/i;

const UP: Record<'high' | 'moderate' | 'low', 'high' | 'moderate' | 'low'> = { low: 'moderate', moderate: 'high', high: 'high' };

/** 38 CFR 3.310(d): a TBI secondary is likely only for the severity and time window the regulation names. */
const TBI_LIKELIHOOD: Record<TbiRuling['status'], 'high' | 'moderate' | 'low'> = {
  presumed: 'high',
  assumed: 'moderate',
  'not-covered': 'low',
};

/** Primary conditions present, the DOMAIN §6 secondaries they open up, and links the text states. */
export function analyzeSecondary(sentences: Sentence[], mentions: ConditionMention[]): SecondaryConditionsAnalysis {
  const present = new Map<string, Sentence>();
  for (const m of mentions) if (!present.has(m.def.name)) present.set(m.def.name, m.sentence);
  const nsaid = sentences.find((s) => NSAID.test(s.text));
  if (nsaid) present.set(NSAID_PRIMARY, nsaid);

  const primaryNames = [...present.keys()].filter((n) => SECONDARY_PAIRS.some((p) => p.primaries.includes(n)));
  const identifiedPrimaryConditions = primaryNames.map((condition) => {
    const own = mentions.filter((m) => m.def.name === condition).map((m) => m.sentence);
    const scSentence = own.find((s) => SERVICE_CONNECTED.test(s.text) && !NOT_SERVICE_CONNECTED.test(s.text));
    const rating = scSentence ? RATING.exec(scSentence.text)?.[1] : undefined;
    const value = rating !== undefined ? Number(rating) : null;
    return {
      condition,
      serviceConnected: Boolean(scSentence),
      currentRating: value !== null && value <= 100 ? value : null,
      source: (scSentence ?? present.get(condition))?.text ?? '',
    };
  });

  const text = sentences.map((s) => s.text).join(' ');
  const severity = tbiSeverity(text);
  const potential: SecondaryConditionsAnalysis['potentialSecondaryConditions'] = [];
  const connections: SecondaryConditionsAnalysis['medicalConnections'] = [];
  for (const pair of SECONDARY_PAIRS) {
    for (const primary of pair.primaries.filter((p) => present.has(p))) {
      for (const sec of pair.secondaries) {
        if (sec.condition === primary && !/opposite/i.test(sec.name)) continue;
        if (potential.some((p) => p.secondaryCondition === sec.name && p.causedByPrimary === primary)) continue;
        const documented = Boolean(sec.condition && sec.condition !== primary && present.has(sec.condition));
        let likelihood: 'high' | 'moderate' | 'low' = pair.reg ? 'high' : pair.contested ? 'low' : 'moderate';
        const tbi =
          pair.reg === '38 CFR 3.310(d)'
            ? tbiSecondaryRuling(
                sec.name,
                severity,
                sentences
                  .filter((x) => new RegExp(sec.name.split(' ')[0]!, 'i').test(x.text))
                  .map((x) => monthsAfterInjury(x.text))
                  .find((m) => m !== undefined),
              )
            : undefined;
        if (tbi) likelihood = TBI_LIKELIHOOD[tbi.status];
        else if (documented) likelihood = UP[likelihood];
        const def = sec.condition ? conditionByName(sec.condition) : undefined;
        const evidenceNeeded = [
          `Current diagnosis of ${sec.name}`,
          tbi?.status === 'presumed'
            ? `Records of the ${severity} TBI and of when ${sec.name.toLowerCase()} began (38 CFR 3.310(d))`
            : `Nexus opinion: "at least as likely as not" caused or aggravated by ${primary}, with rationale`,
        ];
        if (tbi?.nextStep) evidenceNeeded.push(tbi.nextStep);
        if (def?.dbq) evidenceNeeded.push(`DBQ ${def.dbq}`);
        potential.push({
          secondaryCondition: sec.name,
          causedByPrimary: primary,
          likelihood,
          medicalConnection: pair.mechanism,
          commonPatterns: [
            pair.mechanism,
            ...(pair.reg ? [`Regulation: ${pair.reg}`] : []),
            ...(tbi ? [tbi.reason] : []),
            ...(pair.contested ? ['Contested; outcome depends on the medical opinion'] : []),
          ],
          evidenceNeeded,
          documented,
          source: (documented && sec.condition ? present.get(sec.condition) : present.get(primary))?.text ?? '',
        });
        connections.push({ fromCondition: primary, toCondition: sec.name, relationshipType: 'causation', explanation: pair.mechanism });
      }
    }
  }

  // Links the text states outright: "<secondary> ... secondary to / aggravated by ... <primary>".
  for (const s of sentences) {
    const link = LINK.exec(s.text);
    if (!link) continue;
    const inSentence = mentions.filter((m) => m.sentence === s);
    const names = [...new Set(inSentence.map((m) => m.def.name))];
    if (names.length < 2) continue;
    const positions = names.map((n) => {
      const def = conditionByName(n)!;
      const re = new RegExp(`\\b(?:${[...def.names, ...(def.abbreviations ?? [])].join('|')})\\b`, 'i');
      return { n, at: re.exec(s.text)?.index ?? -1 };
    });
    const to = positions.filter((p) => p.at >= 0 && p.at < link.index).pop();
    const from = positions.find((p) => p.at > link.index);
    if (!to || !from) continue;
    connections.push({
      fromCondition: from.n,
      toCondition: to.n,
      relationshipType: /aggravat|worsened/i.test(link[0]) ? 'aggravation' : 'stated-in-document',
      explanation: `The document links ${to.n} to ${from.n} ("${link[0]}")`,
      source: s.text,
    });
  }

  const order = { high: 0, moderate: 1, low: 2 } as const;
  potential.sort((a, b) => order[a.likelihood] - order[b.likelihood]);
  const highPriorityClaims = potential
    .filter((p) => p.likelihood === 'high')
    .map((p) => `${p.secondaryCondition} secondary to ${p.causedByPrimary}`);
  const claimRecommendations: SecondaryConditionsAnalysis['claimRecommendations'] = potential.slice(0, 10).map((p) => {
    const def = [...SECONDARY_PAIRS.flatMap((x) => x.secondaries)].find((s) => s.name === p.secondaryCondition)?.condition;
    const levels = def ? conditionByName(def)?.ratingLevels : undefined;
    return {
      recommendedClaim: `${p.secondaryCondition} secondary to ${p.causedByPrimary}`,
      estimatedRating: levels ?? 'Depends on severity; see the rating schedule for the condition',
      priority: p.likelihood === 'high' ? 'high' : p.likelihood === 'moderate' ? 'medium' : 'low',
      rationale: `${p.medicalConnection}${p.documented ? '; already documented in this record' : ''}`,
      requiredEvidence: p.evidenceNeeded,
    };
  });
  return {
    overallAnalysis: {
      totalPotentialClaims: potential.length,
      summary: primaryNames.length
        ? `${primaryNames.length} primary condition(s) found (${primaryNames.join(', ')}) with ${potential.length} possible secondary claim(s) from common secondary patterns.`
        : 'No primary condition with a known secondary pattern was found.',
      estimatedAdditionalCompensation: 'Not estimated offline: it depends on the ratings VA assigns and how they combine (38 CFR 4.25).',
      highPriorityClaims,
    },
    identifiedPrimaryConditions,
    potentialSecondaryConditions: potential,
    medicalConnections: connections,
    claimRecommendations,
  };
}
