const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The device's calendar day, YYYY-MM-DD: a deadline is "today" by the veteran's clock, not the
 * server's. A module of its own (format.ts re-exports it) so that the dashboard's deadlines card
 * reads the day without the deadline rules, which come with the list of deadlines when there is one.
 */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}
