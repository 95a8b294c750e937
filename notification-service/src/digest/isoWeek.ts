import { addDays } from '@cc/contracts';

export interface IsoWeek {
  /** `2026-W48`: the digest's idempotency key with the user id. */
  key: string;
  /** Its Monday and Sunday (YYYY-MM-DD, UTC). */
  monday: string;
  sunday: string;
}

/** The ISO 8601 week of a UTC day: weeks start on Monday, and week 1 holds the year's first Thursday. */
export function isoWeekOf(day: string): IsoWeek {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = addDays(day, -weekday);
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * 86_400_000;
  const week = Math.round((Date.parse(`${monday}T00:00:00Z`) - firstMonday) / (7 * 86_400_000)) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, monday, sunday: addDays(monday, 6) };
}

/** The week before `week`. */
export function previousIsoWeek(week: IsoWeek): IsoWeek {
  return isoWeekOf(addDays(week.monday, -7));
}
