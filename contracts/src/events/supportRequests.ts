import { z } from 'zod';
import { MEMBER_TIER_NAMES } from '../tiers';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/**
 * The stream `support-request-<requestId>`: one support request, its replies and its closing.
 * Texts are sealed with the requesting veteran's key (support's replies too: they are about the
 * veteran's case), so erasing the account erases the whole thread.
 */
export const supportRequestStreams = {
  supportRequest: (requestId: string) => `support-request-${requestId}`,
} as const;

export const supportRequestEventSchemas = {
  SupportRequestOpened: {
    version: 1,
    schema: z.object({
      requestId: z.string(),
      /** The veteran who opened it (and whose key seals the thread). */
      userId: z.string(),
      messageId: z.string(),
      /** Sealed `{ subject, message }`. */
      content: sealedData,
      claimId: z.string().nullable(),
      /** The requester's tier at opening: the queue's priority follows it, not later changes. */
      tier: z.enum(MEMBER_TIER_NAMES),
      prioritySupport: z.boolean(),
      openedAt: z.string(),
    }),
  },
  SupportRequestReplied: {
    version: 1,
    schema: z.object({
      requestId: z.string(),
      userId: z.string(),
      messageId: z.string(),
      author: z.enum(['veteran', 'support']),
      /** Who wrote it: the veteran, or the support agent. */
      authorId: z.string(),
      /** Sealed `{ message }`. */
      content: sealedData,
    }),
  },
  SupportRequestClosed: {
    version: 1,
    schema: z.object({
      requestId: z.string(),
      userId: z.string(),
      closedBy: z.enum(['veteran', 'support']),
      actorId: z.string(),
    }),
  },
} as const;

export const SUPPORT_REQUEST_EVENT_TYPES = eventTypesOf(supportRequestEventSchemas);
export type SupportRequestEventType = (typeof SUPPORT_REQUEST_EVENT_TYPES)[number];
export type SupportRequestEvent = EventOf<typeof supportRequestEventSchemas>;
