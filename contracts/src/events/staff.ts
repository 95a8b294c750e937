import { z } from 'zod';
import { eventTypesOf, type EventOf } from './eventTypes';

/** The staff roles (contracts/src/roles.ts `Role`), as events record them. */
export const STAFF_ROLES = ['administrator', 'adjudicator', 'support'] as const;

/**
 * The staff console's records, with the staff member as the actor: `staff-access-<staffId>` (what
 * a staff member read of someone else's), `projection-<name>` (read-model rebuilds) and
 * `dead-letter-<id>` (what support did with an event a subscriber had parked).
 */
export const staffStreams = {
  staffAccess: (staffId: string) => `staff-access-${staffId}`,
  projection: (name: string) => `projection-${name}`,
  deadLetter: (id: string) => `dead-letter-${id}`,
} as const;

export const staffAccessEventSchemas = {
  /**
   * A staff member read something of someone else's (a claim, its history, its documents, a list of
   * claims, an event's personal data). The access log and the veteran's "viewed by staff" entries
   * are read models of it. Ids only, never personal data.
   */
  StaffAccessRecorded: {
    version: 1,
    schema: z.object({
      staffId: z.string(),
      staffRole: z.enum(STAFF_ROLES),
      /** The route that answered, e.g. `GET /api/staff/claims/{id}/history`. */
      endpoint: z.string(),
      claimId: z.string().nullable(),
      /** Whose data it was (the claim's owner), when one person's. */
      ownerId: z.string().nullable(),
      /** The version asked for when travelling back in a claim's history. */
      version: z.number().int().nullable(),
      /** How many rows a list answered with. */
      rows: z.number().int().nullable(),
      /** The event whose sealed data was opened. */
      subjectEventId: z.string().nullable(),
    }),
  },
} as const;

export const STAFF_ACCESS_EVENT_TYPES = eventTypesOf(staffAccessEventSchemas);
export type StaffAccessEventType = (typeof STAFF_ACCESS_EVENT_TYPES)[number];
export type StaffAccessEvent = EventOf<typeof staffAccessEventSchemas>;

export const projectionEventSchemas = {
  /** Support asked for a read model to be rebuilt; an operator when from the command line. */
  ProjectionRebuildRequested: {
    version: 1,
    schema: z.object({ rebuildId: z.string(), projection: z.string(), projectionVersion: z.number().int() }),
  },
  /** The rebuild swapped its tables in, or gave up (the old tables then stay in use). */
  ProjectionRebuildFinished: {
    version: 1,
    schema: z.object({
      rebuildId: z.string(),
      projection: z.string(),
      outcome: z.enum(['swapped', 'failed']),
      processed: z.number().int(),
    }),
  },
} as const;

export const PROJECTION_EVENT_TYPES = eventTypesOf(projectionEventSchemas);
export type ProjectionEventType = (typeof PROJECTION_EVENT_TYPES)[number];
export type ProjectionEvent = EventOf<typeof projectionEventSchemas>;

export const deadLetterEventSchemas = {
  /** An event a subscriber had parked was run through its handler again. */
  DeadLetterRetried: {
    version: 1,
    schema: z.object({
      deadLetterId: z.string(),
      subscription: z.string(),
      eventId: z.string(),
      eventType: z.string(),
      outcome: z.enum(['handled', 'failed']),
    }),
  },
  /** A parked event was dismissed: its subscriber never handles it. */
  DeadLetterDismissed: {
    version: 1,
    schema: z.object({ deadLetterId: z.string(), subscription: z.string(), eventId: z.string(), eventType: z.string() }),
  },
} as const;

export const DEAD_LETTER_EVENT_TYPES = eventTypesOf(deadLetterEventSchemas);
export type DeadLetterEventType = (typeof DEAD_LETTER_EVENT_TYPES)[number];
export type DeadLetterEvent = EventOf<typeof deadLetterEventSchemas>;
