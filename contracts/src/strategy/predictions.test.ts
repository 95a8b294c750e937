import { decisionWindow } from './decisionWindow';
import { lowestCompensableLevel } from './lowestCompensable';
import { ifGrantedPrediction, isAssumableRating, type PredictionClaim } from './predictions';

const claim = (
  id: string,
  condition: string,
  status: PredictionClaim['status'],
  ratingPercentage: number | null,
  codes: string[] = [],
): PredictionClaim => ({
  id,
  claimNumber: `CL-${id}`,
  condition,
  status,
  ratingPercentage,
  codes,
});

describe('the combined rating if the pending claims are granted', () => {
  it.each([
    [
      'granted 50 and 30 (70 now); tinnitus pending at its only level, 10 (DC 6260): 69 still rounds to 70',
      [
        claim('a', 'Lumbar strain', 'approved', 50),
        claim('b', 'Knee condition', 'approved', 30),
        claim('c', 'Tinnitus', 'submitted', null, ['6260']),
      ],
      {},
      [70, 65, 1808.45],
      [70, 69, 1808.45],
      [['c', 10, 'lowest-compensable']],
    ],
    [
      'the veteran enters 30 for PTSD: 50, 30, 30, 10 → 65 → 76 → 78 → 80',
      [
        claim('a', 'Lumbar strain', 'approved', 50),
        claim('b', 'Knee condition', 'approved', 30),
        claim('c', 'Tinnitus', 'evidence_review', null, ['6260']),
        claim('d', 'PTSD', 'initial_review', null, ['9411']),
      ],
      { d: 30 },
      [70, 65, 1808.45],
      [80, 78, 2102.15],
      [
        ['c', 10, 'lowest-compensable'],
        ['d', 30, 'entered'],
      ],
    ],
    [
      "DOMAIN's table case 60, 30, 10: 72 then 75, which rounds up to 80 (the exact product would say 70)",
      [
        claim('a', 'PTSD', 'approved', 60),
        claim('b', 'Migraine', 'approved', 30),
        claim('c', 'Knee condition', 'submitted', null, ['5260', '5261']),
      ],
      {},
      [70, 72, 1808.45],
      [80, 75, 2102.15],
      [['c', 10, 'lowest-compensable']],
    ],
    [
      'hearing loss (DC 6100) is rated by table, so no level is assumed and it is left out; a denied claim does not count',
      [
        claim('a', 'Tinnitus', 'approved', 10),
        claim('b', 'Hearing loss', 'submitted', null, ['6100']),
        claim('c', 'Back', 'denied', null, ['5237']),
      ],
      {},
      [10, 10, 180.42],
      [10, 10, 180.42],
      [['b', null, 'unknown']],
    ],
    [
      'sleep apnea starts at 30 (DC 6847) and no claim is granted yet',
      [claim('a', 'Obstructive sleep apnea', 'submitted', null, ['6847'])],
      {},
      [0, 0, 0],
      [30, 30, 552.47],
      [['a', 30, 'lowest-compensable']],
    ],
  ] as const)('%s', (_case, claims, entered, current, ifGranted, assumptions) => {
    const p = ifGrantedPrediction(claims, entered, '2026-01-15');
    expect([p.current.rating, p.current.value, p.current.monthly]).toEqual(current);
    expect([p.ifGranted.rating, p.ifGranted.value, p.ifGranted.monthly]).toEqual(ifGranted);
    expect(p.assumptions.map((a) => [a.claimId, a.rating, a.basis])).toEqual(assumptions);
    expect(p.disclaimer).toBe('This is an estimate, not a VA decision.');
    expect(p.basedOn.join(' ')).toMatch(/38 CFR 4.25.*2026 rates for a veteran alone/);
  });

  it('says what each assumption rests on', () => {
    const p = ifGrantedPrediction(
      [claim('b', 'Hearing loss', 'submitted', null, ['6100']), claim('c', 'Knee', 'submitted', null, ['5258'])],
      {},
      '2025-06-01',
    );
    expect(p.assumptions.map((a) => a.basisText)).toEqual([
      'Unknown: the rating schedule level of diagnostic code 6100 is not one this app holds, so enter the rating you expect',
      '20%, the lowest compensable level of diagnostic code 5258 (38 CFR Part 4; DOMAIN.md §7.5)',
    ]);
    expect(p.basedOn[1]).toBe('Each pending claim is counted at the rating listed with it; 1 with no rating to assume is left out.');
    expect(p.basedOn[3]).toMatch(/VA's 2025 rates/);
  });

  it('predicts one claim granted on its own', () => {
    const claims = [
      claim('a', 'Tinnitus', 'approved', 10),
      claim('b', 'Migraine', 'submitted', null, ['8100']),
      claim('c', 'PTSD', 'submitted', null, ['9411']),
    ];
    expect(ifGrantedPrediction(claims, {}, '2026-01-15', 'b').assumptions.map((a) => a.claimId)).toEqual(['b']);
  });

  it('takes the lowest known level among codes, and accepts only ratings in tens', () => {
    expect(lowestCompensableLevel(['6100', '5201', '5260'])).toEqual({ code: '5260', level: 10, section: 'DOMAIN.md §7.5' });
    expect(lowestCompensableLevel(['6100', '7528'])).toBeNull();
    expect([0, 10, 100, 35, -10, 110, 2.5].map(isAssumableRating)).toEqual([true, true, true, false, false, false, false]);
  });
});

describe('the estimated decision window', () => {
  it.each([
    [
      'a reopened claim 100 days in: within the 125-day goal',
      'reopened',
      '2025-01-01',
      100,
      true,
      '2025-05-06',
      0,
      /pending 100 days\. VA's goal for deciding a Supplemental Claim is about 125 days, which would put a decision around May 6, 2025\./,
    ],
    [
      'a reopened claim 150 days in: 25 days past the goal',
      'reopened',
      '2025-01-01',
      150,
      true,
      '2025-05-06',
      25,
      /25 days longer than the figure/,
    ],
    ['a new claim: no dated VA figure, so no window', 'primary', '2025-01-01', 40, false, null, 0, /cannot be estimated/],
  ] as const)('%s', (_case, conditionType, filedOn, daysPending, estimable, expectedBy, daysBeyond, sentence) => {
    const w = decisionWindow({ id: 'c', conditionType, filedOn, daysPending }, null);
    expect([w.estimable, w.expectedBy, w.daysBeyond]).toEqual([estimable, expectedBy, daysBeyond]);
    expect(w.sentence).toMatch(sentence);
    expect(w.disclaimer).toBe('This is an estimate, not a VA decision.');
  });

  it('uses a published average for a new claim when one is given, and names it', () => {
    const w = decisionWindow(
      { id: 'c', conditionType: 'primary', filedOn: '2025-01-01', daysPending: 10 },
      { days: 100, label: 'A published figure of 100 days', source: 'a test source', asOf: '2025-01-01' },
    );
    expect([w.estimable, w.expectedBy]).toEqual([true, '2025-04-11']);
    expect(w.basedOn).toBe('A published figure of 100 days (a test source, 2025-01-01) and your filing date.');
  });
});
