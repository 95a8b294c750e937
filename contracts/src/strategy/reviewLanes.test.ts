import { reviewPlan, type AddedDocument, type DecidedClaim } from './reviewLanes';

const denied = (decisionDate: string | null): DecidedClaim => ({ status: 'denied', conditionType: 'primary', decisionDate });
const doc = (fileName: string, addedOn: string): AddedDocument => ({ documentId: fileName, fileName, addedOn });
const summary = (plan: ReturnType<typeof reviewPlan>) =>
  plan!.lanes.map((l) => [l.kind, l.fit, l.deadline?.dueDate ?? null, l.deadlinePassed, l.docket?.docket ?? null]);

describe('which decision-review lane fits a decided claim', () => {
  it.each([
    [
      'a private nexus letter added after a denial: Supplemental Claim fits; HLR cannot see it; Board on the Evidence Submission docket',
      denied('2025-03-10'),
      [doc('Dr Okafor nexus letter.pdf', '2025-06-01')],
      '2025-07-01',
      [
        ['supplemental_claim', 'fits', '2026-03-10', false, null],
        ['higher_level_review', 'possible', '2026-03-10', false, null],
        ['board_appeal', 'possible', '2026-03-10', false, 'evidence_submission'],
      ],
    ],
    [
      'nothing added since the denial: the question is an error, so HLR fits; Board on Direct Review',
      denied('2025-03-10'),
      [doc('service treatment records.pdf', '2025-01-05')],
      '2025-07-01',
      [
        ['supplemental_claim', 'possible', '2026-03-10', false, null],
        ['higher_level_review', 'fits', '2026-03-10', false, null],
        ['board_appeal', 'possible', '2026-03-10', false, 'direct_review'],
      ],
    ],
    [
      'a document added on the decision day itself is not after it: VA may have had it',
      denied('2025-03-10'),
      [doc('letter.pdf', '2025-03-10')],
      '2025-07-01',
      [
        ['supplemental_claim', 'possible', '2026-03-10', false, null],
        ['higher_level_review', 'fits', '2026-03-10', false, null],
        ['board_appeal', 'possible', '2026-03-10', false, 'direct_review'],
      ],
    ],
    [
      'more than a year later: HLR and Board are closed; a Supplemental Claim is still open, without the earliest effective date',
      denied('2024-02-29'),
      [doc('buddy statement.pdf', '2025-04-02')],
      '2025-04-02',
      [
        ['supplemental_claim', 'fits', '2025-02-28', true, null],
        ['higher_level_review', 'unavailable', '2025-02-28', true, null],
        ['board_appeal', 'unavailable', '2025-02-28', true, 'evidence_submission'],
      ],
    ],
    [
      'no decision date given: the lanes without deadlines',
      denied(null),
      [doc('letter.pdf', '2025-06-01')],
      '2025-07-01',
      [
        ['supplemental_claim', 'possible', null, false, null],
        ['higher_level_review', 'fits', null, false, null],
        ['board_appeal', 'possible', null, false, 'direct_review'],
      ],
    ],
  ] as const)('%s', (_case, claim, docs, today, expected) => {
    expect(summary(reviewPlan(claim, docs, today))).toEqual(expected);
  });

  it('says why, with the rule, and never that a lane is certain', () => {
    const plan = reviewPlan(denied('2025-03-10'), [doc('Dr Okafor nexus letter.pdf', '2025-06-01')], '2025-07-01')!;
    const [sc, hlr, board] = plan.lanes;
    expect(plan.newEvidence).toEqual([
      { documentId: 'Dr Okafor nexus letter.pdf', fileName: 'Dr Okafor nexus letter.pdf', addedOn: '2025-06-01' },
    ]);
    expect(sc!.why).toContain('"Dr Okafor nexus letter.pdf"');
    expect(sc!.why).toContain('38 CFR 3.2501');
    expect(sc!.why).toContain('File by March 10, 2026 to keep your earliest effective date (38 CFR 3.2500(h))');
    expect(sc!.citations).toEqual(['38 CFR 3.2500(h)', '38 CFR 3.2501', 'DOMAIN.md §2.3']);
    expect(hlr!.why).toMatch(/cannot consider new evidence/);
    expect(board!.docket!.why).toMatch(/within 90 days after the Board receives your Notice of Disagreement \(38 CFR 20.303\)/);
    expect(plan.notes).toContain('You can pursue an issue in only one review lane at a time (38 CFR 3.2500(b)).');
    expect(JSON.stringify(plan)).not.toMatch(/certain|guarantee|will win/i);
  });

  it('speaks of the rating for an approved claim, and follows the legacy process before February 19, 2019', () => {
    const granted = reviewPlan({ status: 'approved', conditionType: 'primary', decisionDate: '2025-03-10' }, [], '2025-04-01')!;
    expect(granted.lanes[1]!.why).toContain('the rating or the effective date VA gave');
    const legacy = reviewPlan(denied('2018-05-01'), [doc('a.pdf', '2019-01-01')], '2019-02-01')!;
    expect(legacy.lanes.map((l) => [l.fit, l.deadline])).toEqual([
      ['unavailable', null],
      ['unavailable', null],
      ['unavailable', null],
    ]);
    expect(legacy.notes[0]).toMatch(/legacy appeals process/);
  });

  it('has no plan for a pending claim', () => {
    expect(reviewPlan({ status: 'evidence_review', conditionType: 'primary', decisionDate: null }, [], '2025-01-01')).toBeNull();
  });
});
