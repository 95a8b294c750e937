import { z } from 'zod';
import { DEADLINE_KINDS } from '../deadlines';
import { eventTypesOf, type EventOf } from './eventTypes';

/** The stream `deadline-reminders-<claimId>`: the decision-review deadline reminders of one claim. */
export const deadlineReminderStreams = {
  deadlineReminders: (claimId: string) => `deadline-reminders-${claimId}`,
} as const;

export const deadlineReminderEventSchemas = {
  /**
   * A decision-review deadline of a decided claim is 30 (or 7) days away or nearer. Recorded once per
   * claim, due date and threshold (its event id is derived from them); the notifications worker
   * turns it into the reminder. Ids and dates only.
   */
  DeadlineReminderDue: {
    version: 1,
    schema: z.object({
      claimId: z.string(),
      userId: z.string(),
      /** The decision date the deadlines were counted from (a changed date makes this reminder stale). */
      decisionDate: z.string(),
      dueDate: z.string(),
      kinds: z.array(z.enum(DEADLINE_KINDS)).min(1),
      daysBefore: z.union([z.literal(30), z.literal(7)]),
    }),
  },
} as const;

export const DEADLINE_REMINDER_EVENT_TYPES = eventTypesOf(deadlineReminderEventSchemas);
export type DeadlineReminderEventType = (typeof DEADLINE_REMINDER_EVENT_TYPES)[number];
export type DeadlineReminderEvent = EventOf<typeof deadlineReminderEventSchemas>;
