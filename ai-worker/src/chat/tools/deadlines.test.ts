import { EMPTY_VETERAN_FILE, type VeteranFile } from '@cc/contracts';
import { deadlineTool, type DeadlineArgs } from './deadlines';

const NOW = new Date('2026-01-15T12:00:00Z');
const ask = (args: DeadlineArgs) => deadlineTool.run(args, { file: EMPTY_VETERAN_FILE, now: NOW });

describe('the chat deadline tool on a leap day (DOMAIN.md §2)', () => {
  it.each([
    ['higher-level-review', '2024-02-29', '2025-02-28', 'February 28, 2025'],
    ['board-appeal', '2024-02-29', '2025-02-28', 'February 28, 2025'],
    ['supplemental-claim', '2024-02-29', '2025-02-28', 'February 28, 2025'],
    ['intent-to-file', '2024-02-29', '2025-02-28', 'February 28, 2025'],
    ['effective-date', '2024-02-29', '2025-02-28', 'February 28, 2025'],
  ] as const)('%s counted from %s is due %s, as the calculator says', (kind, date, due, written) => {
    const answer = ask({ kind, date });
    expect(answer.data).toMatchObject({ due });
    expect(answer.markdown).toContain(`**${written}**`);
    expect(answer.markdown).not.toContain('March 1, 2025');
  });

  it('all three reviews after a decision of February 29, 2024 are due February 28, 2025', () => {
    const answer = ask({ kind: 'decision-review', date: '2024-02-29' });
    expect(answer.data).toMatchObject({
      due: { 'higher-level-review': '2025-02-28', 'board-appeal': '2025-02-28', 'supplemental-claim': '2025-02-28' },
    });
    expect(answer.markdown).toContain('Higher-Level Review: **February 28, 2025**');
    expect(answer.markdown).not.toContain('March 1, 2025');
  });
});

describe('the chat deadline tool on the BDD window', () => {
  it.each([
    ['2026-09-30', 'the BDD window runs from **April 3, 2026** (78 days from today) to **July 2, 2026**.'],
    [
      '2026-05-01',
      'the BDD window is open now: it opened on **November 2, 2025** and closes on **January 31, 2026** (16 days from today).',
    ],
    ['2026-04-01', 'the BDD window ran from **October 3, 2025** to **January 1, 2026**, which has passed (14 days ago).'],
  ])('separating on %s: %s', (date, text) => {
    expect(ask({ kind: 'bdd', date }).markdown).toContain(text);
  });
});

describe("the chat deadline tool on the veteran's decided claims", () => {
  const claim = (decisionDate: string | null): VeteranFile['claims'][number] => ({
    id: 'c1',
    claimNumber: '2024-001',
    condition: 'Tinnitus',
    conditionType: 'primary',
    status: 'denied',
    ratingPercentage: null,
    daysPending: 90,
    filedAt: '2023-12-01T00:00:00.000Z',
    decidedAt: '2024-03-20T15:00:00.000Z',
    decisionDate,
    nextAction: null,
  });
  const file = (decisionDate: string | null): VeteranFile => ({ firstName: null, claims: [claim(decisionDate)], documents: [] });

  it('counts from the date on the decision letter, as the claim page does', () => {
    const answer = deadlineTool.run({ kind: 'board-appeal' }, { file: file('2024-02-29'), now: NOW });
    expect(answer.data).toMatchObject({ claims: [{ claimNumber: '2024-001', due: '2025-02-28' }] });
    expect(answer.markdown).toContain('Claim 2024-001, Tinnitus (denied, decision dated February 29, 2024): **February 28, 2025**');
  });

  it("gives no day without the decision letter's date: the day the claim was marked decided may be too late", () => {
    for (const kind of ['decision-review', 'higher-level-review', 'board-appeal', 'supplemental-claim'] as const) {
      const answer = deadlineTool.run({ kind }, { file: file(null), now: NOW });
      expect(answer.data).toMatchObject({ claims: [{ claimNumber: '2024-001', due: null }] });
      expect(answer.markdown).toContain('Claim 2024-001, Tinnitus (denied): no decision date yet');
      expect(answer.markdown).not.toMatch(/\*\*\w+ \d+, \d{4}\*\*/);
    }
  });

  it('says a claim decided before February 19, 2019 follows the legacy appeals process', () => {
    const answer = deadlineTool.run({ kind: 'decision-review' }, { file: file('2018-11-02'), now: NOW });
    expect(answer.markdown).toContain(
      'decision dated November 2, 2018): Decisions dated before February 19, 2019 follow the legacy appeals process',
    );
  });
});
