import type { AnalysisResult, AnalysisType, NexusEvaluation } from '@cc/contracts';
import { dbqForCondition } from './conditions';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim } from './rules';

/** Given a claim and the analyses of its documents, when the rules run, then each element has the state the domain says. */

const claim = (over: Partial<EvidenceClaim> = {}): EvidenceClaim => ({
  claimId: 'c1',
  claimNumber: 'CC-2026-0001',
  condition: 'Tinnitus',
  conditionType: 'primary',
  status: 'submitted',
  ...over,
});

const base = (over: Partial<AnalysisResult>): AnalysisResult => ({
  analysisType: 'general',
  engine: { name: 'offline', model: 'rules-v1' },
  documentType: 'Private medical record',
  relevantConditions: [],
  conditionFindings: [],
  keyFindings: [],
  missingInformation: [],
  suggestedActions: [],
  ...over,
});

let n = 0;
const analysis = (result: Partial<AnalysisResult>, type: AnalysisType = 'general'): EvidenceAnalysis => {
  n += 1;
  return {
    documentId: `d${n}`,
    fileName: `doc${n}.txt`,
    analysisId: `a${n}`,
    analysisType: type,
    result: base({ analysisType: type, ...result }),
  };
};

const diagnosed = (name: string, source: string, documentType = 'Private medical record') =>
  analysis({ documentType, relevantConditions: [name], conditionFindings: [{ name, source }] });

const nexusEval = (over: Partial<NexusEvaluation>): NexusEvaluation => ({
  overallStrength: 'strong',
  hasRequiredLanguage: true,
  requiredLanguageFound: [],
  missingRequiredLanguage: [],
  doctorQualifications: { credentials: ['MD'], summary: '' },
  nexusOpinion: '',
  classification: 'favourable',
  phrases: [],
  medicalRationale: '',
  hasMedicalRationale: true,
  strengthFactors: [],
  weaknessFactors: [],
  improvementSuggestions: [],
  ...over,
});

const opinion = (
  condition: string,
  sentence: string,
  classification: 'favourable' | 'speculative' | 'unfavourable',
  rationale = true,
  documentType = 'Nexus letter',
) =>
  analysis(
    {
      documentType,
      relevantConditions: [condition],
      conditionFindings: [{ name: condition, source: sentence }],
      nexusEvaluation: nexusEval({
        classification,
        nexusOpinion: sentence,
        hasMedicalRationale: rationale,
        phrases: [{ phrase: 'x', classification, source: sentence }],
      }),
    },
    'nexus-letter',
  );

const inService = (condition: string, sentence: string) =>
  analysis(
    {
      documentType: 'Service treatment record',
      serviceConnectionEvidence: [
        { condition, evidenceStrength: 'moderate', connectionType: 'direct', inServiceEvent: sentence, reasoning: '', source: sentence },
      ],
    },
    'service-connection',
  );

const element = (r: ReturnType<typeof evidenceRuling>, name: 'diagnosis' | 'in-service' | 'nexus') =>
  r.elements.find((e) => e.element === name)!;

describe('evidence rules: nexus, in-service and diagnosis cases', () => {
  it('a strong nexus letter ("at least as likely as not" with a rationale) makes nexus Proven', () => {
    const letter = opinion(
      'Tinnitus',
      "It is at least as likely as not (50 percent or greater probability) that the veteran's tinnitus was caused by noise exposure in service.",
      'favourable',
    );
    const r = evidenceRuling({ claim: claim(), analyses: [letter], otherClaims: [] });
    expect(element(r, 'nexus')).toMatchObject({ state: 'proven', nextSteps: [] });
    expect(element(r, 'nexus').items[0]).toMatchObject({
      documentId: letter.documentId,
      analysisType: 'nexus-letter',
      quote: expect.stringContaining('at least as likely as not'),
    });
  });

  it('"may be related" makes nexus Weak, says why, and offers the prefilled nexus letter', () => {
    const r = evidenceRuling({
      claim: claim(),
      analyses: [opinion('Tinnitus', 'His tinnitus may be related to his military service.', 'speculative', false)],
      otherClaims: [],
    });
    const nx = element(r, 'nexus');
    expect(nx.state).toBe('weak');
    expect(nx.reason).toMatch(/speculative/);
    expect(nx.nextSteps[0]).toEqual({
      kind: 'nexus-letter',
      label: expect.any(String),
      href: '/templates?tab=pdfforge&template=nexus-letter&claimId=c1&condition=Tinnitus',
    });
  });

  it('a lay statement alone leaves diagnosis Missing with the DBQ as the next step', () => {
    const lay = diagnosed(
      'Knee condition',
      'My left knee has hurt every day since I fell from the truck in 2004.',
      'Lay / buddy statement',
    );
    const r = evidenceRuling({ claim: claim({ condition: 'Left knee condition' }), analyses: [lay], otherClaims: [] });
    const dx = element(r, 'diagnosis');
    expect(dx.state).toBe('missing');
    expect(dx.reason).toMatch(/only a medical professional can diagnose/);
    expect(dx.nextSteps[0]).toMatchObject({ kind: 'dbq', href: '/templates?tab=dbqs&dbq=21-0960M-9' });
    expect(element(r, 'nexus').state).toBe('missing');
  });

  it('a burn-pit exposure in Iraq with a listed condition makes nexus Not needed (PACT Act)', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Chronic sinusitis' }),
      analyses: [
        diagnosed('Chronic sinusitis', 'Assessment: chronic sinusitis.'),
        inService('Chronic sinusitis', 'He was exposed to burn pits while deployed to Iraq in 2005.'),
      ],
      otherClaims: [],
    });
    expect(element(r, 'nexus')).toMatchObject({ state: 'not-needed', nextSteps: [] });
    expect(element(r, 'nexus').reason).toMatch(/PACT Act.*Iraq.*chronic sinusitis/);
    expect(element(r, 'in-service').state).toBe('proven');
    expect(r.readiness).toBe(100);
  });

  it('the same exposure with an unlisted condition still needs a nexus', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Tinnitus' }),
      analyses: [
        diagnosed('Tinnitus', 'Diagnosis: tinnitus.'),
        inService('Tinnitus', 'He was exposed to burn pits while deployed to Iraq in 2005.'),
      ],
      otherClaims: [],
    });
    expect(element(r, 'nexus').state).toBe('missing');
  });

  it('a presumption needs service in the window: Iraq in 1985 is not covered', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Asthma' }),
      analyses: [diagnosed('Asthma', 'Diagnosis: asthma.'), inService('Asthma', 'He served in Iraq in 1985.')],
      otherClaims: [],
    });
    expect(element(r, 'nexus').state).toBe('missing');
  });

  describe('a secondary claim with an approved primary', () => {
    const ptsd = claim({ claimId: 'p1', claimNumber: 'CC-2025-0007', condition: 'PTSD', status: 'approved' });
    const apnea = claim({ condition: 'Sleep apnea secondary to PTSD', conditionType: 'secondary' });

    it('the primary stands in for the in-service event, and a nexus to that primary proves the link', () => {
      const letter = opinion(
        'Sleep apnea',
        "The veteran's sleep apnea is at least as likely as not proximately due to his service-connected PTSD.",
        'favourable',
      );
      const r = evidenceRuling({
        claim: apnea,
        analyses: [diagnosed('Sleep apnea', 'Polysomnography confirms obstructive sleep apnea.'), letter],
        otherClaims: [ptsd],
      });
      expect(element(r, 'in-service')).toMatchObject({ state: 'proven', reason: expect.stringContaining('CC-2025-0007') });
      expect(element(r, 'nexus').state).toBe('proven');
      expect(element(r, 'nexus').reason).toMatch(/service-connected PTSD/);
      expect(r.readiness).toBe(100);
    });

    it('a favourable opinion that does not name the primary is Weak', () => {
      const letter = opinion(
        'Sleep apnea',
        "It is at least as likely as not that the veteran's sleep apnea began in service.",
        'favourable',
      );
      const r = evidenceRuling({ claim: apnea, analyses: [letter], otherClaims: [ptsd] });
      expect(element(r, 'nexus')).toMatchObject({ state: 'weak', reason: expect.stringContaining('does not tie') });
      expect(element(r, 'nexus').nextSteps[0]!.href).toContain('connection=secondary&primary=PTSD');
    });

    it('without an approved primary, the in-service element is Missing', () => {
      const r = evidenceRuling({ claim: apnea, analyses: [], otherClaims: [{ ...ptsd, status: 'evidence_review' }] });
      expect(element(r, 'in-service').state).toBe('missing');
      expect(element(r, 'nexus').reason).toMatch(/service-connected PTSD/);
    });
  });
});

describe('evidence rules: every state of every element', () => {
  it('diagnosis: Proven from a medical record with its sentence', () => {
    const r = evidenceRuling({ claim: claim(), analyses: [diagnosed('Tinnitus', 'Assessment: bilateral tinnitus.')], otherClaims: [] });
    expect(element(r, 'diagnosis')).toMatchObject({ state: 'proven', nextSteps: [] });
  });

  it("diagnosis: Weak when only the veteran's own words report it", () => {
    const r = evidenceRuling({
      claim: claim(),
      analyses: [diagnosed('Tinnitus', 'I was diagnosed with tinnitus at the VA in 2019.', 'Lay / buddy statement')],
      otherClaims: [],
    });
    expect(element(r, 'diagnosis')).toMatchObject({ state: 'weak', reason: expect.stringContaining('Only your own statement') });
  });

  it('diagnosis: Unverified when the finding carries no source sentence (any engine)', () => {
    const r = evidenceRuling({ claim: claim(), analyses: [diagnosed('Tinnitus', '')], otherClaims: [] });
    expect(element(r, 'diagnosis')).toMatchObject({ state: 'unverified', reason: expect.stringContaining('without the sentence') });
  });

  it('diagnosis: Weak when only service records show it', () => {
    const r = evidenceRuling({
      claim: claim(),
      analyses: [diagnosed('Tinnitus', 'Sick call: ringing in ears, tinnitus.', 'Service treatment record')],
      otherClaims: [],
    });
    expect(element(r, 'diagnosis')).toMatchObject({ state: 'weak', reason: expect.stringContaining('during service') });
  });

  it('diagnosis: Missing with no documents; a finding for another condition does not count', () => {
    expect(element(evidenceRuling({ claim: claim(), analyses: [], otherClaims: [] }), 'diagnosis').state).toBe('missing');
    expect(
      element(evidenceRuling({ claim: claim(), analyses: [diagnosed('Knee condition', 'Knee strain.')], otherClaims: [] }), 'diagnosis')
        .state,
    ).toBe('missing');
  });

  it('in-service: Proven, Unverified without a sentence, Missing, Not needed for an increase', () => {
    expect(
      element(
        evidenceRuling({ claim: claim(), analyses: [inService('Tinnitus', 'Artillery noise exposure during service.')], otherClaims: [] }),
        'in-service',
      ).state,
    ).toBe('proven');
    const unsourced = analysis(
      {
        serviceConnectionEvidence: [
          { condition: 'Tinnitus', evidenceStrength: 'weak', connectionType: 'direct', inServiceEvent: 'noise', reasoning: '' },
        ],
      },
      'service-connection',
    );
    expect(element(evidenceRuling({ claim: claim(), analyses: [unsourced], otherClaims: [] }), 'in-service').state).toBe('unverified');
    const missing = element(evidenceRuling({ claim: claim(), analyses: [], otherClaims: [] }), 'in-service');
    expect(missing.state).toBe('missing');
    expect(missing.nextSteps.map((s) => s.kind)).toEqual(['upload', 'lay-statement']);
    expect(missing.nextSteps[0]!.href).toBe('/documents?upload=1&claimId=c1');
    const increase = evidenceRuling({ claim: claim({ conditionType: 'increase' }), analyses: [], otherClaims: [] });
    expect(element(increase, 'in-service').state).toBe('not-needed');
    expect(element(increase, 'nexus').state).toBe('not-needed');
  });

  it('nexus: Weak without a rationale, Against when unfavourable, and a lay opinion is no nexus', () => {
    const noRationale = opinion('Tinnitus', 'It is at least as likely as not that his tinnitus is due to service.', 'favourable', false);
    expect(element(evidenceRuling({ claim: claim(), analyses: [noRationale], otherClaims: [] }), 'nexus')).toMatchObject({
      state: 'weak',
      reason: expect.stringContaining('no medical rationale'),
    });
    const against = opinion('Tinnitus', 'It is less likely than not that his tinnitus is due to service.', 'unfavourable');
    expect(element(evidenceRuling({ claim: claim(), analyses: [against], otherClaims: [] }), 'nexus')).toMatchObject({
      state: 'against',
      reason: expect.stringContaining('less likely than not'),
    });
    const lay = opinion(
      'Tinnitus',
      'I believe it is at least as likely as not caused by the guns.',
      'favourable',
      true,
      'Lay / buddy statement',
    );
    expect(element(evidenceRuling({ claim: claim(), analyses: [lay], otherClaims: [] }), 'nexus').state).toBe('missing');
  });

  it('an opinion about another condition does not prove this one', () => {
    const other = opinion('Knee condition', 'It is at least as likely as not that the knee strain is due to service.', 'favourable');
    expect(element(evidenceRuling({ claim: claim(), analyses: [other], otherClaims: [] }), 'nexus').state).toBe('missing');
  });
});

describe('readiness', () => {
  it('comes only from the three states: proven and not needed 1, weak 1/2, missing 0, out of 3', () => {
    expect(evidenceRuling({ claim: claim(), analyses: [], otherClaims: [] })).toMatchObject({
      readiness: 0,
      readinessReason: 'Needs a current diagnosis, an in-service event and a nexus opinion.',
    });
    const r = evidenceRuling({
      claim: claim(),
      analyses: [diagnosed('Tinnitus', 'Assessment: tinnitus.'), opinion('Tinnitus', 'Tinnitus may be related to service.', 'speculative')],
      otherClaims: [],
    });
    expect(r.readiness).toBe(50);
    expect(r.readinessReason).toBe('Needs an in-service event; a nexus opinion is weak.');
  });
});

describe('the DBQ for a condition', () => {
  it('is found by name, by synonym and by diagnostic code', () => {
    expect(dbqForCondition('PTSD')?.formNumber).toBe('21-0960P-3');
    expect(dbqForCondition('Left knee condition')?.formNumber).toBe('21-0960M-9');
    expect(dbqForCondition('Sleep apnea')?.formNumber).toBe('21-0960L-2');
    expect(dbqForCondition('Trouble breathing at night', ['6847'])?.formNumber).toBe('21-0960L-2');
    // Hearing loss and tinnitus DBQs are examiner-only: not in VA's public list, so no form is offered.
    expect(dbqForCondition('Tinnitus')).toBeUndefined();
  });
});
