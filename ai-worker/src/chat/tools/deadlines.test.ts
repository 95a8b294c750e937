import { EMPTY_VETERAN_FILE } from '@cc/contracts';
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
    expect(answer.data).toMatchObject({ due: { 'higher-level-review': '2025-02-28', 'board-appeal': '2025-02-28', 'supplemental-claim': '2025-02-28' } });
    expect(answer.markdown).toContain('Higher-Level Review: **February 28, 2025**');
    expect(answer.markdown).not.toContain('March 1, 2025');
  });
});

describe('the chat deadline tool on the BDD window', () => {
  it.each([
    ['2026-09-30', 'the BDD window runs from **April 3, 2026** (78 days from today) to **July 2, 2026**.'],
    ['2026-05-01', 'the BDD window is open now: it opened on **November 2, 2025** and closes on **January 31, 2026** (16 days from today).'],
    ['2026-04-01', 'the BDD window ran from **October 3, 2025** to **January 1, 2026**, which has passed (14 days ago).'],
  ])('separating on %s: %s', (date, text) => {
    expect(ask({ kind: 'bdd', date }).markdown).toContain(text);
  });
});
