import { daysBetweenDates, streams, utcDay, type Deadline, type DeadlineKind } from '@cc/contracts';
import { DuplicateEventError, idempotentEventId, type EventStore, type Logger } from '@cc/platform';

/** Reminders go out this many days before a decision-review deadline (the 30-day one, then the 7-day one). */
export const REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/**
 * The reminder a deadline is owed on `today`: the 7-day one inside a week, the 30-day one inside a
 * month, none further out or once it has passed. A worker that was down past the 30-day mark still
 * sends the 30-day one late, unless the 7-day one is due by then (one reminder, not two at once).
 */
export function reminderOwed(today: string, dueDate: string): ReminderThreshold | undefined {
  const daysLeft = daysBetweenDates(today, dueDate);
  if (daysLeft < 0) return undefined;
  return REMINDER_THRESHOLDS.slice()
    .reverse()
    .find((threshold) => daysLeft <= threshold);
}

export interface ClaimDeadlines {
  claimId: string;
  userId: string;
  decisionDate: string;
  deadlines: readonly Deadline[];
}

export interface ReminderDue {
  claimId: string;
  userId: string;
  decisionDate: string;
  dueDate: string;
  kinds: DeadlineKind[];
  daysBefore: ReminderThreshold;
}

/** One reminder per claim, due date and threshold: the three one-year options of a decision share a day. */
export function remindersDue(claims: readonly ClaimDeadlines[], today: string): ReminderDue[] {
  const due = new Map<string, ReminderDue>();
  for (const claim of claims) {
    for (const deadline of claim.deadlines) {
      const daysBefore = reminderOwed(today, deadline.dueDate);
      if (!daysBefore) continue;
      const key = `${claim.claimId}|${deadline.dueDate}|${daysBefore}`;
      const reminder = due.get(key) ?? {
        claimId: claim.claimId,
        userId: claim.userId,
        decisionDate: claim.decisionDate,
        dueDate: deadline.dueDate,
        kinds: [],
        daysBefore,
      };
      reminder.kinds.push(deadline.kind);
      due.set(key, reminder);
    }
  }
  return [...due.values()];
}

export interface DeadlineRemindersDeps {
  store: EventStore;
  logger: Logger;
  /** Decided claims with a review deadline in the next 30 days (the claims read model). */
  deadlinesDue(now: Date): Promise<readonly ClaimDeadlines[]>;
  /** How often to look (default hourly; a reminder is a day's matter). */
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Records `DeadlineReminderDue` for every reminder owed, once: the event id comes from the claim,
 * the decision date, the due date and the threshold, so the store refuses a second record however
 * often (or in however many processes) this runs. The notifications worker sends it.
 */
export async function recordDueReminders(deps: DeadlineRemindersDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const due = remindersDue(await deps.deadlinesDue(now), utcDay(now));
  let recorded = 0;
  for (const reminder of due) {
    try {
      await deps.store.appendToStream(
        streams.deadlineReminders(reminder.claimId),
        [
          {
            id: idempotentEventId(
              'deadline-reminder',
              reminder.claimId,
              reminder.decisionDate,
              reminder.dueDate,
              String(reminder.daysBefore),
            ),
            type: 'DeadlineReminderDue',
            data: reminder,
          },
        ],
        { expectedVersion: 'any', metadata: { userId: null, service: 'notification-service' } },
      );
      recorded += 1;
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  }
  return recorded;
}

/** Runs `recordDueReminders` now and then every `intervalMs`. */
export function startDeadlineReminders(deps: DeadlineRemindersDeps): { stop(): Promise<void>; runNow(): Promise<number> } {
  let running: Promise<number> | undefined;
  const runNow = () => {
    running ??= recordDueReminders(deps).finally(() => (running = undefined));
    return running;
  };
  const tick = () =>
    void runNow().catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'deadline reminders: could not look for due reminders; trying again later'),
    );
  tick();
  const timer = setInterval(tick, deps.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
