import type { SecondaryConditionsAnalysis } from '../analysis';
import { secondarySuggestions, type SecondaryClaim } from './secondaries';

type Finding = SecondaryConditionsAnalysis['potentialSecondaryConditions'][number];
const finding = (secondaryCondition: string, causedByPrimary: string, source: string): Finding => ({
  secondaryCondition,
  causedByPrimary,
  likelihood: 'moderate',
  medicalConnection: 'mechanism',
  commonPatterns: [],
  evidenceNeeded: [`Current diagnosis of ${secondaryCondition}`],
  documented: false,
  source,
});
const analysis = (findings: Finding[]): SecondaryConditionsAnalysis => ({
  overallAnalysis: { totalPotentialClaims: findings.length, summary: '', estimatedAdditionalCompensation: '', highPriorityClaims: [] },
  identifiedPrimaryConditions: [],
  potentialSecondaryConditions: findings,
  medicalConnections: [],
  claimRecommendations: [],
});
const claim = (id: string, condition: string, status: SecondaryClaim['status']): SecondaryClaim => ({
  id,
  claimNumber: `CL-${id}`,
  condition,
  status,
});

const BACK = 'Lumbar MRI shows degenerative disc disease at L4-L5 with pain radiating down the left leg.';
const DIABETES = 'Type 2 diabetes mellitus, on metformin since 2019.';
const PTSD = 'He is followed for PTSD and takes sertraline 100 mg daily.';

describe('secondary conditions worth claiming', () => {
  it.each([
    [
      'a service-connected back: radiculopathy, with the spine formula note (DOMAIN §6 row 3)',
      [claim('a', 'Degenerative disc disease', 'approved')],
      finding('Lower-extremity radiculopathy (sciatic nerve, DC 8520)', 'Degenerative disc disease', BACK),
      ['service-connected', 3],
    ],
    [
      'a claimed, undecided diabetes: peripheral neuropathy (row 6)',
      [claim('a', 'Diabetes mellitus type 2', 'evidence_review')],
      finding('Peripheral neuropathy', 'Diabetes mellitus type 2', DIABETES),
      ['claimed', 6],
    ],
    [
      'PTSD granted: erectile dysfunction from the medicine (row 12)',
      [claim('a', 'PTSD', 'approved')],
      finding('Erectile dysfunction', 'PTSD', PTSD),
      ['service-connected', 12],
    ],
    [
      'a pair DOMAIN §6 does not list is still offered, without a row',
      [claim('a', 'PTSD', 'approved')],
      finding('Tension headaches', 'PTSD', PTSD),
      ['service-connected', null],
    ],
  ] as const)('%s', (_case, claims, f, [status, row]) => {
    const [s, ...rest] = secondarySuggestions(claims, [{ documentId: 'd1', fileName: 'record.txt', analysis: analysis([f]) }]);
    expect(rest).toEqual([]);
    expect([s!.primaryClaim.status, s!.domainPair?.row ?? null]).toEqual([status, row]);
    expect(s!.why).toContain('38 CFR 3.310(a)');
    expect(s!.source).toEqual({ documentId: 'd1', fileName: 'record.txt', quote: f.source });
  });

  it.each([
    [
      'the primary was denied: nothing to hang it on (38 CFR 3.310(a))',
      [claim('a', 'Degenerative disc disease', 'denied')],
      finding('Radiculopathy', 'Degenerative disc disease', BACK),
    ],
    [
      'the primary is not claimed at all',
      [claim('a', 'Tinnitus', 'approved')],
      finding('Peripheral neuropathy', 'Diabetes mellitus type 2', DIABETES),
    ],
    [
      'the secondary is already claimed',
      [claim('a', 'PTSD', 'approved'), claim('b', 'Erectile dysfunction secondary to PTSD', 'submitted')],
      finding('Erectile dysfunction', 'PTSD', PTSD),
    ],
    [
      'the finding came without the sentence it was read from',
      [claim('a', 'PTSD', 'approved')],
      finding('Erectile dysfunction', 'PTSD', '  '),
    ],
  ] as const)('leaves it out when %s', (_case, claims, f) => {
    expect(secondarySuggestions(claims, [{ documentId: 'd1', fileName: 'record.txt', analysis: analysis([f]) }])).toEqual([]);
  });

  it('names the regulation when the pair is written into the law, and offers a pair once', () => {
    const f = finding('Lower-extremity radiculopathy (sciatic nerve, DC 8520)', 'Degenerative disc disease', BACK);
    const out = secondarySuggestions(
      [claim('a', 'Degenerative disc disease', 'approved')],
      [
        { documentId: 'd1', fileName: 'mri.txt', analysis: analysis([f]) },
        { documentId: 'd2', fileName: 'mri again.txt', analysis: analysis([f]) },
      ],
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.why).toContain('The link is written into the law: General Rating Formula for the spine, Note (1) (38 CFR 4.71a).');
  });
});
