import type { UpcomingDeadline } from '@cc/contracts';
import { DeadlineList } from './DeadlineList';

/**
 * The dashboard's upcoming deadlines, each under its claim. Its own chunk (with the deadline list
 * and the review-option rules it shows): fetched only when there is a deadline to show, so a
 * newcomer's dashboard does not carry it (bench: "first load").
 */
export function UpcomingDeadlineList({ deadlines, today }: { deadlines: readonly UpcomingDeadline[]; today: string }) {
  return (
    <DeadlineList
      deadlines={deadlines}
      today={today}
      context={(d) => `${d.condition} (${d.claimNumber})`}
      testId="upcoming-deadline-list"
    />
  );
}
