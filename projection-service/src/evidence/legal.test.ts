import {
  decisionReviewDeadlines,
  type AnalysisResult,
  type AnalysisType,
  type EvidenceElementName,
  type NexusEvaluation,
} from '@cc/contracts';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim } from './rules';

/**
 * The legal rules of the evidence map (docs/legal-rules.md), each from real sentences. The analyses
 * are stored as an older engine stored them where it matters (a negated opinion classified
 * favourable): the map reads the quoted sentences again, so a rebuild corrects them.
 */

const claim = (over: Partial<EvidenceClaim> = {}): EvidenceClaim => ({
  claimId: 'c1',
  claimNumber: 'CC-2026-0001',
  condition: 'Tinnitus',
  conditionType: 'primary',
  status: 'submitted',
  ...over,
});

let n = 0;
function analysis(over: Partial<AnalysisResult>, type: AnalysisType = 'general'): EvidenceAnalysis {
  n += 1;
  const result: AnalysisResult = {
    analysisType: type,
    engine: { name: 'offline', model: 'rules-2025.2' },
    documentType: 'Private medical record',
    relevantConditions: [],
    conditionFindings: [],
    keyFindings: [],
    missingInformation: [],
    suggestedActions: [],
    ...over,
  };
  return { documentId: `d${n}`, fileName: `doc${n}.txt`, analysisId: `a${n}`, analysisType: type, result };
}

const diagnosed = (name: string, source: string, documentType = 'Private medical record', code?: string) =>
  analysis({ documentType, relevantConditions: [name], conditionFindings: [{ name, source, ...(code ? { diagnosticCode: code } : {}) }] });

const served = (condition: string, sentence: string, documentType = 'Service treatment record') =>
  analysis(
    {
      documentType,
      serviceConnectionEvidence: [
        { condition, evidenceStrength: 'moderate', connectionType: 'direct', inServiceEvent: sentence, reasoning: '', source: sentence },
      ],
    },
    'service-connection',
  );

const nexusEval = (over: Partial<NexusEvaluation>): NexusEvaluation => ({
  overallStrength: 'strong',
  hasRequiredLanguage: true,
  requiredLanguageFound: [],
  missingRequiredLanguage: [],
  doctorQualifications: { credentials: ['MD'], summary: '' },
  nexusOpinion: '',
  classification: 'favourable',
  phrases: [],
  medicalRationale: 'Rationale given.',
  hasMedicalRationale: true,
  strengthFactors: [],
  weaknessFactors: [],
  improvementSuggestions: [],
  ...over,
});

/** An opinion document, classified the way the engine before this change classified it: the first favourable phrase won. */
function storedOpinion(condition: string, sentences: string[], documentType = 'C&P examination report') {
  return analysis(
    {
      documentType,
      relevantConditions: [condition],
      conditionFindings: [{ name: condition, source: sentences[0]! }],
      nexusEvaluation: nexusEval({
        classification: 'favourable',
        nexusOpinion: sentences[0]!,
        phrases: sentences.map((source) => ({ phrase: 'likely', classification: 'favourable' as const, source })),
      }),
    },
    'nexus-letter',
  );
}

const el = (r: ReturnType<typeof evidenceRuling>, name: EvidenceElementName) => r.elements.find((e) => e.element === name)!;
const tinnitusDx = () => diagnosed('Tinnitus', 'Assessment: recurrent tinnitus, bilateral.');
const noise = () => served('Tinnitus', 'Exposed to artillery noise as a cannon crewmember during service.');

describe('a negative opinion is against the claim (DOMAIN §3.2, §10.7)', () => {
  it.each([
    ['The condition is probably not related to service.', 'against'],
    ['It is most likely not related to his military service.', 'against'],
    ['It is not likely that his tinnitus is related to noise exposure in service.', 'against'],
    ['I cannot state that it is at least as likely as not related to service.', 'missing'],
    ['I cannot resolve whether the tinnitus is related to service without resort to mere speculation.', 'missing'],
  ] as const)('"%s" → nexus %s', (sentence, state) => {
    const r = evidenceRuling({ claim: claim(), analyses: [tinnitusDx(), noise(), storedOpinion('Tinnitus', [sentence])], otherClaims: [] });
    expect(el(r, 'nexus').state).toBe(state);
  });

  it('a C&P opinion whose conclusion is negative is against the claim even when its rationale quotes a favourable phrase', () => {
    const cp = storedOpinion('Tinnitus', [
      'Rationale: Noise exposure is likely related to tinnitus in many service members.',
      'Opinion: The claimed condition is less likely than not (less than 50 percent probability) incurred in or caused by the claimed in-service injury.',
    ]);
    const r = evidenceRuling({ claim: claim(), analyses: [tinnitusDx(), noise(), cp], otherClaims: [] });
    expect(el(r, 'nexus')).toMatchObject({
      state: 'against',
      items: [expect.objectContaining({ quote: expect.stringContaining('less likely than not') })],
    });
    expect(el(r, 'nexus').nextSteps[0]).toMatchObject({
      kind: 'nexus-letter',
      label: expect.stringContaining("answers the negative opinion's reasons"),
    });
  });

  it('readiness: the only opinion against the claim scores nothing (67, not 83), and the reason says so', () => {
    const r = evidenceRuling({
      claim: claim(),
      analyses: [tinnitusDx(), noise(), storedOpinion('Tinnitus', ['The condition is probably not related to service.'])],
      otherClaims: [],
    });
    expect(r).toMatchObject({ readiness: 67, readinessReason: 'A nexus opinion is against the claim.' });
  });

  it('a favourable opinion with a rationale against a negative one is weak: the benefit of the doubt decides (38 CFR 3.102)', () => {
    const favourable = analysis(
      {
        documentType: 'Nexus letter / medical opinion',
        relevantConditions: ['Tinnitus'],
        conditionFindings: [{ name: 'Tinnitus', source: 'Tinnitus.' }],
        nexusEvaluation: nexusEval({
          nexusOpinion: 'It is at least as likely as not that his tinnitus is due to noise exposure in service.',
        }),
      },
      'nexus-letter',
    );
    const r = evidenceRuling({
      claim: claim(),
      analyses: [tinnitusDx(), noise(), favourable, storedOpinion('Tinnitus', ['It is most likely not related to his military service.'])],
      otherClaims: [],
    });
    expect(el(r, 'nexus')).toMatchObject({ state: 'weak', reason: expect.stringContaining('benefit of the doubt') });
  });
});

describe('presumptions need the place, its window to the day and the condition qualifier (DOMAIN §9, §10.4)', () => {
  const dm2 = () => diagnosed('Diabetes mellitus type 2', 'Diabetes mellitus, type 2, on metformin.');
  it.each([
    ['Stationed at Camp Casey near the Korean DMZ in 1975.', 'missing'],
    ['Served in Vietnam in 1978 as an embassy guard.', 'missing'],
    ['Stationed at Fort Hood during the Vietnam era.', 'missing'],
    ['I was scheduled to deploy to Vietnam but did not go.', 'missing'],
    ['Served in Vietnam with the 1st Infantry Division.', 'weak'],
    ['Served in the Republic of Vietnam from March 1975 to February 1976.', 'not-needed'],
    ['Served along the Korean DMZ from October 1968 to September 1969.', 'not-needed'],
  ] as const)('"%s" with type 2 diabetes → nexus %s', (sentence, state) => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Diabetes mellitus type 2' }),
      analyses: [dm2(), served('Diabetes mellitus type 2', sentence, 'Personnel record')],
      otherClaims: [],
    });
    expect(el(r, 'nexus').state).toBe(state);
  });

  it('a place without dates is weak, and its next step names the DD-214 and the window', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Diabetes mellitus type 2' }),
      analyses: [dm2(), served('Diabetes mellitus type 2', 'Served in Vietnam with the 1st Infantry Division.')],
      otherClaims: [],
    });
    expect(el(r, 'nexus').nextSteps[0]!.label).toMatch(/DD-214 or personnel records.*Vietnam.*Jan 9, 1962 – May 7, 1975/);
    expect(r.readiness).toBe(83);
  });

  it('the DMZ in 1975 says why no presumption applies', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Diabetes mellitus type 2' }),
      analyses: [dm2(), served('Diabetes mellitus type 2', 'Stationed at Camp Casey near the Korean DMZ in 1975.')],
      otherClaims: [],
    });
    expect(el(r, 'nexus').reason).toMatch(/Sept 1, 1967 – Aug 31, 1971/);
  });

  it('type 1 diabetes is not presumptive; asthma from childhood is not; Camp Lejeune needs 30 days', () => {
    const vietnam = served('Diabetes', 'Served in Vietnam in 1969.');
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Diabetes' }),
          analyses: [diagnosed('Diabetes mellitus type 2', 'Type 1 diabetes since age 12, on an insulin pump.'), vietnam],
          otherClaims: [],
        }),
        'nexus',
      ).state,
    ).toBe('missing');
    const iraq = served('Asthma', 'Deployed to Iraq in 2005 near the burn pit at Balad.');
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Asthma' }),
          analyses: [diagnosed('Asthma', 'History of childhood asthma, now worse.'), iraq],
          otherClaims: [],
        }),
        'nexus',
      ).state,
    ).toBe('missing');
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Asthma' }),
          analyses: [diagnosed('Asthma', 'Asthma, diagnosed in 2009 after his discharge.'), iraq],
          otherClaims: [],
        }),
        'nexus',
      ).state,
    ).toBe('not-needed');
    const lejeune = served('Kidney cancer', 'Attended a course at Camp Lejeune from 6 June 1979 to 10 June 1979.');
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Kidney cancer' }),
          analyses: [diagnosed('Kidney cancer', 'Renal cell carcinoma; kidney cancer.'), lejeune],
          otherClaims: [],
        }),
        'nexus',
      ).state,
    ).toBe('missing');
  });

  it('radiation cancers (38 CFR 3.309(d)) and chronic diseases within a year of separation (38 CFR 3.309(a))', () => {
    const enewetak = served('Thyroid cancer', 'Took part in the Enewetak Atoll cleanup in 1978.');
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Thyroid cancer' }),
          analyses: [diagnosed('Thyroid cancer', 'Papillary thyroid cancer.'), enewetak],
          otherClaims: [],
        }),
        'nexus',
      ).state,
    ).toBe('not-needed');
    const htn = diagnosed(
      'Hypertension',
      'Hypertension was diagnosed eight months after his discharge, on continuous medication, rated 10 percent.',
    );
    expect(el(evidenceRuling({ claim: claim({ condition: 'Hypertension' }), analyses: [htn], otherClaims: [] }), 'nexus')).toMatchObject({
      state: 'not-needed',
      reason: expect.stringContaining('3.309(a)'),
    });
  });
});

describe('PTSD stressors (38 CFR 3.304(f))', () => {
  const ptsd = () => diagnosed('PTSD', 'Diagnosis: PTSD, chronic (F43.12).');
  const lay = (sentence: string) =>
    analysis(
      {
        documentType: 'Lay / buddy statement',
        serviceConnectionEvidence: [
          {
            condition: 'PTSD',
            evidenceStrength: 'weak',
            connectionType: 'direct',
            inServiceEvent: sentence,
            reasoning: '',
            source: sentence,
          },
        ],
      },
      'service-connection',
    );

  it("the veteran's own statement of a non-combat stressor is weak, and the next step is VA Form 21-0781", () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'PTSD' }),
      analyses: [ptsd(), lay('In 2003 I saw a soldier crushed by a truck during a training exercise at Fort Polk.')],
      otherClaims: [],
    });
    expect(el(r, 'in-service').state).toBe('weak');
    expect(el(r, 'in-service').nextSteps[0]).toMatchObject({ kind: 'va-form', href: '/templates?tab=va-forms&form=21-0781' });
  });

  it('combat shown by a service record lets the veteran describe the stressor (f)(2)', () => {
    const dd214 = analysis({
      documentType: 'Service record',
      legalSentences: [{ topic: 'stressor', source: 'Decorations: Combat Action Ribbon, Purple Heart.' }],
    });
    const r = evidenceRuling({
      claim: claim({ condition: 'PTSD' }),
      analyses: [ptsd(), lay('Our convoy was hit by an IED and two Marines were killed in action.'), dd214],
      otherClaims: [],
    });
    expect(el(r, 'in-service')).toMatchObject({ state: 'proven', reason: expect.stringContaining('3.304(f)(2)') });
  });

  it('a VA examiner confirming fear of hostile activity proves it (f)(3); a private one does not', () => {
    const confirm =
      'The stressor is adequate to support the diagnosis, and his symptoms are related to his fear of hostile military or terrorist activity.';
    const va = analysis({ documentType: 'C&P examination report', legalSentences: [{ topic: 'stressor', source: confirm }] });
    const privateDoc = analysis({ documentType: 'Private medical record', legalSentences: [{ topic: 'stressor', source: confirm }] });
    const rockets = lay('The base took rocket and mortar fire almost every night.');
    expect(
      el(evidenceRuling({ claim: claim({ condition: 'PTSD' }), analyses: [ptsd(), rockets, va], otherClaims: [] }), 'in-service').state,
    ).toBe('proven');
    expect(
      el(evidenceRuling({ claim: claim({ condition: 'PTSD' }), analyses: [ptsd(), rockets, privateDoc], otherClaims: [] }), 'in-service')
        .state,
    ).toBe('weak');
  });

  it("personal assault: weak on the veteran's word alone, proven with markers from other sources (f)(5)", () => {
    const assault = lay('I was sexually assaulted by my squad leader in 1998.');
    expect(
      el(evidenceRuling({ claim: claim({ condition: 'PTSD' }), analyses: [ptsd(), assault], otherClaims: [] }), 'in-service'),
    ).toMatchObject({ state: 'weak', reason: expect.stringContaining('3.304(f)(5)') });
    const record = analysis({
      documentType: 'Service record',
      legalSentences: [{ topic: 'stressor', source: 'SPC Doe requested a transfer to another unit in March 1998.' }],
    });
    expect(
      el(evidenceRuling({ claim: claim({ condition: 'PTSD' }), analyses: [ptsd(), assault, record], otherClaims: [] }), 'in-service').state,
    ).toBe('proven');
  });
});

describe('a secondary claim needs its named primary service connected (38 CFR 3.310(a))', () => {
  const apnea = claim({ condition: 'Sleep apnea secondary to PTSD', conditionType: 'secondary' });
  const tinnitus = claim({ claimId: 'p9', claimNumber: 'CC-2025-0002', condition: 'Tinnitus', status: 'approved' });

  it('another approved claim does not stand in for it', () => {
    const r = evidenceRuling({ claim: apnea, analyses: [], otherClaims: [tinnitus] });
    expect(el(r, 'in-service')).toMatchObject({ state: 'missing', reason: expect.stringContaining('PTSD') });
    expect(el(r, 'in-service').nextSteps[0]!.label).toMatch(/service connected first, or claim both together/);
  });

  it('TBI secondaries: a mild TBI gives no presumption for parkinsonism; a moderate one does (38 CFR 3.310(d))', () => {
    const tbi = (severity: string) =>
      claim({ claimId: 'p8', claimNumber: 'CC-2025-0003', condition: `Traumatic brain injury (${severity})`, status: 'approved' });
    const parkinsons = claim({ condition: "Parkinson's disease secondary to traumatic brain injury", conditionType: 'secondary' });
    const dx = diagnosed("Parkinson's disease", "Parkinson's disease, diagnosed 2021.");
    expect(el(evidenceRuling({ claim: parkinsons, analyses: [dx], otherClaims: [tbi('mild')] }), 'nexus').state).toBe('missing');
    expect(el(evidenceRuling({ claim: parkinsons, analyses: [dx], otherClaims: [tbi('moderate')] }), 'nexus').state).toBe('not-needed');
  });
});

describe('each side and body part is its own disability (38 CFR 4.25(b))', () => {
  it('a left-knee record does not prove a right-knee claim', () => {
    const left = diagnosed('Knee condition', 'Assessment: left knee strain with small effusion.', 'Private medical record', '5257');
    const leftEvent = served('Knee condition', 'Injured his left knee jumping from a truck in 2004.');
    const r = evidenceRuling({ claim: claim({ condition: 'Right knee condition' }), analyses: [left, leftEvent], otherClaims: [] });
    expect(el(r, 'diagnosis').state).toBe('missing');
    expect(el(r, 'in-service').state).toBe('missing');
    expect(
      el(evidenceRuling({ claim: claim({ condition: 'Left knee condition' }), analyses: [left, leftEvent], otherClaims: [] }), 'diagnosis')
        .state,
    ).toBe('proven');
  });

  it('hearing loss is not hair loss', () => {
    expect(
      el(
        evidenceRuling({
          claim: claim({ condition: 'Hearing loss' }),
          analyses: [diagnosed('Hair loss', 'Hair loss of the scalp, alopecia areata.')],
          otherClaims: [],
        }),
        'diagnosis',
      ).state,
    ).toBe('missing');
  });
});

describe('lay evidence and hearing (Charles v. Principi; Jandreau; 38 CFR 3.385)', () => {
  it('a lay account of ringing in the ears makes tinnitus weak, a medical record proven', () => {
    const lay = diagnosed(
      'Tinnitus',
      'I have had ringing in my ears every day since the artillery range in 1991.',
      'Lay / buddy statement',
    );
    expect(el(evidenceRuling({ claim: claim(), analyses: [lay], otherClaims: [] }), 'diagnosis')).toMatchObject({
      state: 'weak',
      reason: expect.stringContaining('Charles v. Principi'),
    });
    expect(el(evidenceRuling({ claim: claim(), analyses: [lay, tinnitusDx()], otherClaims: [] }), 'diagnosis').state).toBe('proven');
  });

  it('hearing loss without audiometric values is weak, with the audiogram as the next step', () => {
    const r = evidenceRuling({
      claim: claim({ condition: 'Hearing loss' }),
      analyses: [diagnosed('Hearing loss', 'Assessment: mild high-frequency hearing loss, bilateral.')],
      otherClaims: [],
    });
    expect(el(r, 'diagnosis').state).toBe('weak');
    expect(el(r, 'diagnosis').nextSteps[0]!.label).toBe('Upload an audiogram with puretone thresholds and a Maryland CNC score');
  });

  it('with values, 38 CFR 3.385 is applied to them', () => {
    const audiogram = (right: string) =>
      analysis({
        documentType: 'VA treatment record',
        relevantConditions: ['Hearing loss'],
        conditionFindings: [{ name: 'Hearing loss', source: 'Assessment: sensorineural hearing loss.' }],
        legalSentences: [
          { topic: 'hearing-test', source: 'Hz: 500 1000 2000 3000 4000' },
          { topic: 'hearing-test', source: `RIGHT: ${right}` },
          { topic: 'hearing-test', source: 'Maryland CNC speech recognition: right 96%.' },
        ],
      });
    expect(
      el(
        evidenceRuling({ claim: claim({ condition: 'Hearing loss' }), analyses: [audiogram('15 20 30 45 55')], otherClaims: [] }),
        'diagnosis',
      ).state,
    ).toBe('proven');
    expect(
      el(
        evidenceRuling({ claim: claim({ condition: 'Hearing loss' }), analyses: [audiogram('10 10 15 20 25')], otherClaims: [] }),
        'diagnosis',
      ).state,
    ).toBe('against');
  });
});

describe('readiness is honest', () => {
  it('against and unverified score 0, an assumed presumption scores as weak', () => {
    const unsourcedOpinion = analysis(
      {
        relevantConditions: ['Tinnitus'],
        conditionFindings: [{ name: 'Tinnitus', source: 'Tinnitus.' }],
        nexusEvaluation: nexusEval({ nexusOpinion: '', phrases: [] }),
      },
      'nexus-letter',
    );
    const r = evidenceRuling({ claim: claim(), analyses: [tinnitusDx(), noise(), unsourcedOpinion], otherClaims: [] });
    expect(el(r, 'nexus').state).toBe('unverified');
    expect(r).toMatchObject({ readiness: 67, readinessReason: 'A nexus opinion cannot be checked.' });
  });
});

describe('decided claims', () => {
  it('approved: the decision established the three elements', () => {
    const r = evidenceRuling({ claim: claim({ status: 'approved' }), analyses: [], otherClaims: [] });
    expect(r.stage).toBe('granted');
    expect(r.readiness).toBe(100);
    expect(r.elements.map((e) => e.state)).toEqual(['established', 'established', 'established']);
    expect(r.readinessReason).toMatch(/^VA granted service connection/);
  });

  it('denied: what new and relevant evidence a Supplemental Claim needs, with the deadline from the one deadline function', () => {
    const r = evidenceRuling({
      claim: claim({ status: 'denied', decisionDate: '2024-02-29' }),
      analyses: [tinnitusDx(), noise(), storedOpinion('Tinnitus', ['The condition is probably not related to service.'])],
      otherClaims: [],
    });
    const due = decisionReviewDeadlines({ decisionDate: '2024-02-29' }).deadlines.find((d) => d.kind === 'supplemental_claim')!.dueDate;
    const inWords = new Date(`${due}T00:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(r.stage).toBe('denied');
    expect(r.reviewDeadline).toMatchObject({ kind: 'supplemental_claim', dueDate: due });
    expect(r.readinessReason).toBe(
      `VA denied this claim. A Supplemental Claim needs new and relevant evidence of the link to service (nexus) (38 CFR 3.2501). File it by ${inWords} to keep your effective date (38 CFR 3.2500(h), 3.2501).`,
    );
    expect(el(r, 'nexus').reason).toMatch(/^For a Supplemental Claim, VA needs new and relevant evidence/);
    expect(el(r, 'nexus').nextSteps.at(-1)).toMatchObject({ kind: 'va-form', href: '/templates?tab=va-forms&form=20-0995' });
  });

  it('denied without a decision date asks for it; a legacy decision says so', () => {
    expect(evidenceRuling({ claim: claim({ status: 'denied' }), analyses: [], otherClaims: [] }).readinessReason).toMatch(
      /Add the date on the decision letter/,
    );
    const legacy = evidenceRuling({ claim: claim({ status: 'denied', decisionDate: '2018-05-01' }), analyses: [], otherClaims: [] });
    expect(legacy.reviewDeadline).toBeNull();
    expect(legacy.readinessReason).toMatch(/legacy appeals process/);
  });
});
