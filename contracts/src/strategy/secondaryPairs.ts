/**
 * The common secondary service-connection pairs of DOMAIN.md §6 (primary → secondary), each with its
 * mechanism and, where the pair is written into regulation or the rating schedule, that rule. VA
 * publishes no grant rates for them: a pair here is a known pattern, not a likelihood.
 */
export interface SecondaryPair {
  row: number;
  primaries: readonly string[];
  secondaries: readonly string[];
  mechanism: string;
  regulation: string | null;
}

export const SECONDARY_PAIRS: readonly SecondaryPair[] = [
  {
    row: 1,
    primaries: ['knee condition'],
    secondaries: ['knee condition', 'hip condition', 'low back pain'],
    mechanism: 'Altered gait, favoring one side, overuse',
    regulation: null,
  },
  {
    row: 2,
    primaries: ['pes planus', 'plantar fasciitis', 'ankle condition'],
    secondaries: ['knee condition', 'hip condition', 'low back pain'],
    mechanism: 'Abnormal biomechanics and gait',
    regulation: null,
  },
  {
    row: 3,
    primaries: ['lumbar strain', 'degenerative disc disease', 'intervertebral disc syndrome'],
    secondaries: ['radiculopathy of the lower extremity', 'sciatica'],
    mechanism: 'Nerve-root compression',
    regulation: 'General Rating Formula for the spine, Note (1) (38 CFR 4.71a)',
  },
  {
    row: 4,
    primaries: ['cervical strain'],
    secondaries: ['radiculopathy of the upper extremity'],
    mechanism: 'Nerve-root compression',
    regulation: 'General Rating Formula for the spine, Note (1) (38 CFR 4.71a)',
  },
  {
    row: 5,
    primaries: ['lumbar strain', 'degenerative disc disease'],
    secondaries: ['bladder dysfunction', 'bowel dysfunction', 'erectile dysfunction'],
    mechanism: 'Neurogenic',
    regulation: 'General Rating Formula for the spine, Note (1) (38 CFR 4.71a)',
  },
  {
    row: 6,
    primaries: ['diabetes mellitus type 2'],
    secondaries: ['peripheral neuropathy'],
    mechanism: 'Diabetic nerve damage',
    regulation: 'DC 7913 Note (1) (38 CFR 4.119)',
  },
  {
    row: 7,
    primaries: ['diabetes mellitus type 2'],
    secondaries: ['erectile dysfunction'],
    mechanism: 'Vascular or neuropathic; SMC(k) for loss of use of a creative organ',
    regulation: '38 CFR 3.350(a)',
  },
  {
    row: 8,
    primaries: ['diabetes mellitus type 2'],
    secondaries: ['diabetic nephropathy', 'chronic kidney disease'],
    mechanism: 'Microvascular kidney damage',
    regulation: null,
  },
  {
    row: 9,
    primaries: ['diabetes mellitus type 2'],
    secondaries: ['diabetic retinopathy', 'cataracts'],
    mechanism: 'Microvascular eye disease',
    regulation: null,
  },
  {
    row: 10,
    primaries: ['diabetes mellitus type 2'],
    secondaries: ['hypertension'],
    mechanism: 'Nephropathy and vascular disease (causation or aggravation)',
    regulation: null,
  },
  {
    row: 11,
    primaries: ['hypertension'],
    secondaries: ['hypertensive heart disease', 'chronic kidney disease', 'stroke'],
    mechanism: 'End-organ damage',
    regulation: null,
  },
  {
    row: 12,
    primaries: ['ptsd', 'major depressive disorder'],
    secondaries: ['erectile dysfunction'],
    mechanism: 'SSRI/SNRI side effects; psychogenic erectile dysfunction',
    regulation: null,
  },
  {
    row: 13,
    primaries: ['ptsd', 'major depressive disorder', 'anxiety'],
    secondaries: ['obstructive sleep apnea'],
    mechanism: 'Often argued through weight gain from psychotropic drugs, or as aggravation; contested, the outcome depends on the opinion',
    regulation: null,
  },
  {
    row: 14,
    primaries: ['ptsd'],
    secondaries: ['hypertension'],
    mechanism: 'Chronic sympathetic activation, often argued as aggravation; contested',
    regulation: null,
  },
  {
    row: 15,
    primaries: ['ptsd', 'major depressive disorder'],
    secondaries: ['gerd', 'gastritis', 'peptic ulcer'],
    mechanism: 'Side effects of the medicines taken for it',
    regulation: null,
  },
  {
    row: 17,
    primaries: ['low back pain', 'knee condition'],
    secondaries: ['major depressive disorder', 'anxiety'],
    mechanism: 'Psychological effect of chronic pain and functional loss',
    regulation: null,
  },
  {
    row: 18,
    primaries: ['hearing loss', 'tinnitus'],
    secondaries: ['tinnitus', 'hearing loss'],
    mechanism: 'Both usually come from noise-damaged cochlear hair cells',
    regulation: null,
  },
  {
    row: 19,
    primaries: ['tinnitus'],
    secondaries: ['anxiety', 'major depressive disorder', 'insomnia'],
    mechanism: 'Chronic tinnitus distress',
    regulation: null,
  },
  {
    row: 20,
    primaries: ['traumatic brain injury'],
    secondaries: ['parkinsonism', 'seizures', 'dementia', 'major depressive disorder'],
    mechanism: "Held proximately due to a moderate or severe TBI (and depression after a mild one) within the regulation's time windows",
    regulation: '38 CFR 3.310(d)',
  },
  {
    row: 21,
    primaries: ['cervical strain', 'traumatic brain injury'],
    secondaries: ['migraine'],
    mechanism: 'Referred pain; post-traumatic headache',
    regulation: null,
  },
  {
    row: 22,
    primaries: ['obstructive sleep apnea'],
    secondaries: ['hypertension'],
    mechanism: 'Sleep apnea is a recognized cause of secondary hypertension',
    regulation: null,
  },
  {
    row: 24,
    primaries: ['ptsd'],
    secondaries: ['alcohol use disorder'],
    mechanism: 'Compensable only when secondary (Allen v. Principi, 237 F.3d 1368 (Fed. Cir. 2001))',
    regulation: '38 U.S.C. 1110',
  },
  {
    row: 26,
    primaries: ['chronic rhinitis', 'chronic sinusitis'],
    secondaries: ['obstructive sleep apnea'],
    mechanism: 'Nasal obstruction (case by case)',
    regulation: null,
  },
];
