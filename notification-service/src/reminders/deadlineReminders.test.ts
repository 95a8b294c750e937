import { addDays, type Deadline } from '@cc/contracts';
import { reminderOwed, remindersDue } from './deadlineReminders';

const today = '2026-11-24';
const deadline = (kind: Deadline['kind'], dueDate: string): Deadline => ({
  kind,
  title: kind,
  dueDate,
  basis: '',
  description: '',
  form: null,
  formUrl: null,
  countedFrom: addDays(dueDate, -365),
});

describe('which reminder a deadline is owed', () => {
  it.each([
    [31, undefined],
    [30, 30],
    [8, 30],
    [7, 7],
    [0, 7],
    [-1, undefined],
  ])('%i days before the deadline: %s', (daysLeft, owed) => {
    expect(reminderOwed(today, addDays(today, daysLeft))).toBe(owed);
  });

  it('counts across a leap day exactly', () => {
    expect(reminderOwed('2028-02-01', '2028-03-02')).toBe(30); // 30 days with February 29
    expect(reminderOwed('2028-01-31', '2028-03-02')).toBeUndefined(); // 31
  });
});

describe('the reminders due on a day', () => {
  const claim = (claimId: string, deadlines: Deadline[]) => ({
    claimId,
    userId: `user-of-${claimId}`,
    decisionDate: '2025-12-10',
    deadlines,
  });

  it('one per claim and due date: the three one-year options of a decision share one reminder', () => {
    const due = addDays(today, 16);
    const reminders = remindersDue(
      [
        claim('a', [deadline('higher_level_review', due), deadline('supplemental_claim', due), deadline('board_appeal', due)]),
        claim('b', [deadline('court_appeal', addDays(today, 5))]),
      ],
      today,
    );
    expect(reminders).toEqual([
      {
        claimId: 'a',
        userId: 'user-of-a',
        decisionDate: '2025-12-10',
        dueDate: due,
        kinds: ['higher_level_review', 'supplemental_claim', 'board_appeal'],
        daysBefore: 30,
      },
      { claimId: 'b', userId: 'user-of-b', decisionDate: '2025-12-10', dueDate: addDays(today, 5), kinds: ['court_appeal'], daysBefore: 7 },
    ]);
  });

  it('nothing for deadlines further out or already passed', () => {
    expect(
      remindersDue(
        [claim('a', [deadline('board_appeal', addDays(today, 45)), deadline('higher_level_review', addDays(today, -2))])],
        today,
      ),
    ).toEqual([]);
  });
});
