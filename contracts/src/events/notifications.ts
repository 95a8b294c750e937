import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../settings';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/** The stream `notifications-<userId>`: the user's in-app notifications and what they have read. */
export const notificationStreams = {
  notifications: (userId: string) => `notifications-${userId}`,
} as const;

export const notificationEventSchemas = {
  /** Its text is sealed: it may name a condition. */
  NotificationCreated: {
    version: 1,
    schema: z.object({
      notificationId: z.string(),
      userId: z.string(),
      kind: z.enum(NOTIFICATION_KINDS),
      /** Sealed `{ title, body }`. */
      content: sealedData,
      link: z.string().nullable(),
    }),
  },
  NotificationRead: { version: 1, schema: z.object({ userId: z.string(), notificationId: z.string() }) },
  /** Every notification of the user created before this event is read. */
  NotificationsAllRead: { version: 1, schema: z.object({ userId: z.string() }) },
} as const;

export const NOTIFICATION_EVENT_TYPES = eventTypesOf(notificationEventSchemas);
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];
export type NotificationEvent = EventOf<typeof notificationEventSchemas>;
