import type { AnalysisResult } from '@cc/contracts';
import { buildAiProfile, sameCondition } from './buildAiProfile';

const base = (over: Partial<AnalysisResult>): AnalysisResult => ({
  analysisType: 'general',
  engine: { name: 'offline', model: 'rules' },
  documentType: 'Medical record',
  relevantConditions: [],
  conditionFindings: [],
  keyFindings: [],
  missingInformation: [],
  suggestedActions: [],
  serviceConnectionEvidence: [],
  ...over,
});
const named = (...conditions: string[]) => ({
  relevantConditions: conditions,
  conditionFindings: conditions.map((name) => ({ name, source: `${name} noted.` })),
});

describe('sameCondition', () => {
  it.each([
    ['PTSD', 'Post-traumatic stress disorder'],
    ['Knee condition', 'Left knee strain'],
    ['Obstructive sleep apnea', 'Sleep apnea'],
    ['tinnitus', 'Tinnitus'],
  ])('%s is %s', (a, b) => expect(sameCondition(a, b)).toBe(true));

  it.each([
    ['Chronic sinusitis', 'Chronic rhinitis'],
    ['Major depressive disorder', 'Generalized anxiety disorder'],
    ['Hypertension', 'Hearing loss'],
  ])('%s is not %s', (a, b) => expect(sameCondition(a, b)).toBe(false));
});

describe('buildAiProfile', () => {
  it('suggests conditions no claim covers, the better evidenced first', () => {
    const results = [
      base({
        ...named('Tinnitus', 'Hypertension', 'PTSD'),
        serviceConnectionEvidence: [
          { condition: 'Hypertension', evidenceStrength: 'strong', connectionType: 'direct', inServiceEvent: 'x', reasoning: 'y' },
        ],
      }),
      base({ ...named('Hypertension') }),
    ];
    const profile = buildAiProfile(results, [{ condition: 'Post-traumatic stress disorder', status: 'submitted', rating: null }]);
    expect(profile.potentialConditions).toEqual([
      { condition: 'Hypertension', confidence: 0.85 },
      { condition: 'Tinnitus', confidence: 0.5 },
    ]);
  });

  it('raises confidence for a favourable nexus opinion and caps it below certainty', () => {
    const nexus = base({
      ...named('Obstructive sleep apnea'),
      serviceConnectionEvidence: [
        {
          condition: 'Obstructive sleep apnea',
          evidenceStrength: 'strong',
          connectionType: 'secondary',
          inServiceEvent: '',
          reasoning: '',
        },
      ],
    });
    const withOpinion = { ...nexus, nexusEvaluation: { classification: 'favourable' } } as unknown as AnalysisResult;
    expect(buildAiProfile([withOpinion, withOpinion, withOpinion], []).potentialConditions[0]).toEqual({
      condition: 'Obstructive sleep apnea',
      confidence: 0.95,
    });
  });

  it('lists secondary conditions once, most likely first, leaving out claimed ones', () => {
    const secondary = (secondaryCondition: string, causedByPrimary: string, likelihood: 'high' | 'moderate' | 'low') => ({
      secondaryCondition,
      causedByPrimary,
      likelihood,
      medicalConnection: '',
      commonPatterns: [],
      evidenceNeeded: [],
      documented: false,
      source: '',
    });
    const analysis = base({
      analysisType: 'secondary-conditions',
      secondaryConditionsAnalysis: {
        overallAnalysis: { totalPotentialClaims: 3, summary: '', estimatedAdditionalCompensation: '', highPriorityClaims: [] },
        identifiedPrimaryConditions: [],
        potentialSecondaryConditions: [
          secondary('Radiculopathy', 'Degenerative disc disease', 'moderate'),
          secondary('Obstructive sleep apnea', 'PTSD', 'high'),
          secondary('Radiculopathy', 'Lumbosacral strain', 'low'),
          secondary('GERD', 'PTSD', 'high'),
        ],
        medicalConnections: [],
        claimRecommendations: [],
      },
    });
    const profile = buildAiProfile([analysis], [{ condition: 'GERD', status: 'submitted', rating: null }]);
    expect(profile.secondaryConditions).toEqual([
      { secondaryCondition: 'Obstructive sleep apnea', primaryCondition: 'PTSD' },
      { secondaryCondition: 'Radiculopathy', primaryCondition: 'Degenerative disc disease' },
    ]);
  });

  it('flags approved claims whose documents show them worsening', () => {
    const timeline = base({
      analysisType: 'timeline',
      medicalTimeline: {
        continuityOfCare: { overallAssessment: 'good', strengthFactors: [], concerningGaps: [] },
        timelineEvents: [],
        conditionProgression: [
          { condition: 'Knee condition', firstMention: '2015-01-01', progression: '', currentStatus: 'Worsening' },
          { condition: 'Tinnitus', firstMention: '2015-01-01', progression: '', currentStatus: 'Stable' },
        ],
        treatmentGaps: [],
      },
    });
    const profile = buildAiProfile(
      [timeline],
      [
        { condition: 'Tinnitus', status: 'approved', rating: 10 },
        { condition: 'Left knee strain', status: 'approved', rating: 10 },
        { condition: 'Knee replacement', status: 'approved', rating: 100 },
        { condition: 'Knee instability', status: 'denied', rating: null },
      ],
    );
    expect(profile.existingConditions).toEqual([
      { condition: 'Left knee strain', currentRating: 10, potentialIncrease: true },
      { condition: 'Tinnitus', currentRating: 10, potentialIncrease: false },
      { condition: 'Knee replacement', currentRating: 100, potentialIncrease: false },
    ]);
  });
});
