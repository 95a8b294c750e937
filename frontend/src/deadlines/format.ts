import { daysBetweenDates } from '@cc/contracts';

/**
 * Pure helpers for deadlines on screen (unit tested in format.test.ts). Days are the veteran's own
 * calendar days: a deadline is "today" by the device's clock, not the server's.
 */

export { localDay } from './localDay';

/** Whole days from `today` to `dueDate` (negative once it has passed). */
export function daysUntil(dueDate: string, today: string): number {
  return daysBetweenDates(today, dueDate);
}

/** "Due today", "Due tomorrow", "Due in 12 days", "Passed yesterday", "Passed 3 days ago"; a window not open yet (BDD): "Opens in 40 days". */
export function daysLeftText(dueDate: string, today: string, opensDate?: string): string {
  const toOpen = opensDate ? daysUntil(opensDate, today) : 0;
  if (toOpen === 1) return 'Opens tomorrow';
  if (toOpen > 1) return `Opens in ${toOpen} days`;
  const days = daysUntil(dueDate, today);
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days > 1) return `Due in ${days} days`;
  if (days === -1) return 'Passed yesterday';
  return `Passed ${-days} days ago`;
}

export type DeadlineUrgency = 'passed' | 'soon' | 'later';

/** Within 30 days is soon (reminders come 30 and 7 days before); a window not open yet is later. */
export function urgencyOf(dueDate: string, today: string, opensDate?: string): DeadlineUrgency {
  if (opensDate && daysUntil(opensDate, today) > 0) return 'later';
  const days = daysUntil(dueDate, today);
  if (days < 0) return 'passed';
  return days <= 30 ? 'soon' : 'later';
}
