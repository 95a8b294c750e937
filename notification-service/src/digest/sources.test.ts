import { evidenceChange, isReadinessDrop, type EvidenceSnapshot } from './evidenceWatch';
import { isoWeekOf } from './isoWeek';
import { composeDigest, deadlinesAheadSource, type DigestInput, type DigestSource } from './sources';

const input = (over: Partial<DigestInput> = {}): DigestInput => ({
  week: isoWeekOf('2026-11-16'),
  today: '2026-11-23',
  claims: [
    { claimId: 'c1', claimNumber: '2026-001', condition: 'Tinnitus' },
    { claimId: 'c2', claimNumber: '2026-002', condition: 'Knee strain' },
  ],
  statusChanges: [],
  evidenceMoves: [],
  deadlines: [],
  strategySteps: [],
  ...over,
});

describe('digest composition', () => {
  it('says nothing for a week where nothing changed and nothing is due', () => {
    expect(composeDigest(input())).toBeUndefined();
  });

  it('lists each section that has something, in order, in plain sentences', () => {
    const digest = composeDigest(
      input({
        statusChanges: [{ claimId: 'c1', from: 'submitted', to: 'evidence_review', at: '2026-11-18T15:00:00.000Z' }],
        evidenceMoves: [{ claimId: 'c2', element: 'diagnosis', from: 'missing', to: 'proven' }],
        deadlines: [
          { claimId: 'c2', kind: 'higher_level_review', dueDate: '2027-01-05' },
          { claimId: 'c2', kind: 'supplemental_claim', dueDate: '2027-01-05' },
        ],
      }),
    );
    expect(digest).toEqual([
      { title: 'Status changes', lines: ['Claim 2026-001 (Tinnitus) moved from Submitted to Evidence Review on November 18, 2026.'] },
      { title: 'Evidence that moved', lines: ['Claim 2026-002 (Knee strain): Current diagnosis went from Missing to Proven.'] },
      {
        title: 'Deadlines in the next 60 days',
        lines: ['Claim 2026-002 (Knee strain): Higher-Level Review, Supplemental Claim by January 5, 2027 (43 days left).'],
      },
    ]);
  });

  it('lists deadlines from today to 60 days out, not one passed or further', () => {
    const section = deadlinesAheadSource(
      input({
        deadlines: [
          { claimId: 'c1', kind: 'higher_level_review', dueDate: '2026-11-22' },
          { claimId: 'c1', kind: 'board_appeal', dueDate: '2027-01-22' },
          { claimId: 'c1', kind: 'supplemental_claim', dueDate: '2027-01-23' },
        ],
      }),
    );
    expect(section?.lines).toEqual([
      'Claim 2026-001 (Tinnitus): Board Appeal (Notice of Disagreement) by January 22, 2027 (60 days left).',
    ]);
  });

  it("follows the news with the claim strategy's steps not done, which alone make no digest", () => {
    const strategySteps = [{ claimId: 'c1', title: 'Nexus', state: 'weak' as const, gain: 30 }];
    expect(composeDigest(input({ strategySteps }))).toBeUndefined();
    const digest = composeDigest(
      input({ strategySteps, statusChanges: [{ claimId: 'c1', from: 'submitted', to: 'initial_review', at: '2026-11-18T15:00:00.000Z' }] }),
    );
    expect(digest?.map((s) => s.title)).toEqual(['Status changes', 'Strategy steps not done']);
    expect(digest?.[1]?.lines).toEqual(['Claim 2026-001 (Tinnitus): Nexus is Weak; proving it adds 30 points of readiness.']);
  });

  it('takes one more source as one more function', () => {
    const steps: DigestSource = () => ({ title: 'Strategy steps not done', lines: ['Ask your doctor for a nexus letter.'] });
    expect(composeDigest(input(), [steps])).toEqual([{ title: 'Strategy steps not done', lines: ['Ask your doctor for a nexus letter.'] }]);
  });
});

describe('evidence watch', () => {
  const map = (readiness: number, diagnosis: 'proven' | 'missing', updatedAt: string): EvidenceSnapshot => ({
    claimId: 'c1',
    userId: 'u1',
    readiness,
    states: { diagnosis, 'in-service': 'proven', nexus: 'missing' },
    updatedAt,
  });

  it('takes a claim seen for the first time as a baseline, and an unchanged map as no change', () => {
    expect(evidenceChange(undefined, map(67, 'proven', 't1'))).toBeUndefined();
    expect(evidenceChange(map(67, 'proven', 't1'), map(67, 'proven', 't1'))).toBeUndefined();
  });

  it('finds the element that moved and whether readiness dropped', () => {
    const change = evidenceChange(map(67, 'proven', 't1'), map(33, 'missing', 't2'))!;
    expect(change).toMatchObject({
      readinessFrom: 67,
      readinessTo: 33,
      moves: [{ element: 'diagnosis', from: 'proven', to: 'missing' }],
      at: 't2',
    });
    expect(isReadinessDrop(change)).toBe(true);
    expect(isReadinessDrop(evidenceChange(map(33, 'missing', 't2'), map(67, 'proven', 't3'))!)).toBe(false);
  });
});
