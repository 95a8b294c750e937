import { CLAIM_STATUSES, type AnalysisResult } from '@cc/contracts';
import { evidenceRuling, type EvidenceAnalysis, type EvidenceClaim, type EvidenceInput } from './rules';
import { BatchRulings } from './rulings';

/**
 * A batch's kept rulings are the rules' own: whatever the order inputs come in, every ruling it
 * gives is the one `evidenceRuling` gives for that input, so a key that left out something the
 * rules read would hand one input another's ruling here.
 */

const result = (over: Partial<AnalysisResult>): AnalysisResult => ({
  analysisType: 'medical',
  engine: { name: 'offline', model: 'rules-v1' },
  documentType: 'Private medical record',
  relevantConditions: [],
  conditionFindings: [],
  keyFindings: [],
  missingInformation: [],
  suggestedActions: [],
  ...over,
});
const diagnosis = result({
  relevantConditions: ['Sleep apnea'],
  conditionFindings: [{ name: 'Sleep apnea', source: 'Diagnosis: sleep apnea.' }],
});
const elsewhere = result({ relevantConditions: ['Tinnitus'], conditionFindings: [{ name: 'Tinnitus', source: 'Diagnosis: tinnitus.' }] });
const opinion = result({
  documentType: 'Nexus letter',
  relevantConditions: ['Sleep apnea'],
  conditionFindings: [
    {
      name: 'Sleep apnea',
      source: "The veteran's sleep apnea is at least as likely as not proximately due to his service-connected PTSD.",
    },
  ],
});

const analysed = (documentId: string, r: AnalysisResult, fileName = `${documentId}.pdf`): EvidenceAnalysis => ({
  documentId,
  fileName,
  analysisId: `a-${documentId}`,
  analysisType: 'medical',
  result: r,
});
const claim = (over: Partial<EvidenceClaim>): EvidenceClaim => ({
  claimId: 'c1',
  claimNumber: 'CC-2026-0001',
  condition: 'Sleep apnea secondary to PTSD',
  conditionType: 'secondary',
  status: 'submitted',
  decisionDate: null,
  ...over,
});
const ptsd = claim({ claimId: 'p1', claimNumber: 'CC-2025-0007', condition: 'PTSD', conditionType: 'primary', status: 'approved' });

/** Every claim shape, status, decision date, set of analyses and other claims, crossed. */
function inputs(): EvidenceInput[] {
  const claims = [
    claim({}),
    claim({ condition: 'Sleep apnea', conditionType: 'primary' }),
    claim({ condition: 'Sleep apnea', conditionType: 'increase' }),
  ];
  const analyses: EvidenceAnalysis[][] = [
    [],
    [analysed('d1', diagnosis)],
    // The same document and analysis ids over another result: told apart by the result itself.
    [analysed('d1', elsewhere)],
    [analysed('d1', diagnosis, 'renamed.pdf')],
    [analysed('d1', diagnosis), analysed('d2', opinion)],
  ];
  const others: EvidenceClaim[][] = [[], [ptsd], [{ ...ptsd, status: 'evidence_review' }], [{ ...ptsd, claimNumber: 'CC-2025-0008' }]];
  const all: EvidenceInput[] = [];
  for (const c of claims)
    for (const status of CLAIM_STATUSES)
      for (const decisionDate of [null, '2018-06-01', '2026-03-01'])
        for (const a of analyses)
          for (const otherClaims of others) all.push({ claim: { ...c, status, decisionDate }, analyses: a, otherClaims });
  return all;
}

describe('the rulings a batch keeps', () => {
  it('are the rules’ ruling for every input, in any order', () => {
    const all = inputs();
    for (const order of [all, [...all].reverse()]) {
      const rulings = new BatchRulings();
      for (const input of order) expect(rulings.of(input)).toEqual(evidenceRuling(input));
    }
  });

  it('are made once for an input the batch has ruled on, and for a claim moving between two steps of the review', () => {
    const rulings = new BatchRulings();
    const submitted = { claim: claim({}), analyses: [analysed('d1', diagnosis)], otherClaims: [ptsd] };
    const first = rulings.of(submitted);
    expect(rulings.of({ ...submitted, analyses: [...submitted.analyses] })).toBe(first);
    expect(rulings.of({ ...submitted, claim: { ...submitted.claim, status: 'evidence_review' } })).toBe(first);
    expect(rulings.of({ ...submitted, claim: { ...submitted.claim, status: 'approved' } })).not.toBe(first);
  });
});
