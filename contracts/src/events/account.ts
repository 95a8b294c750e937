import { z } from 'zod';
import { eventTypesOf, type EventOf } from './eventTypes';

/** The stream `account-<userId>`: the account's security (password) and its end. */
export const accountStreams = {
  account: (userId: string) => `account-${userId}`,
} as const;

export const accountEventSchemas = {
  /** No secret here: the worker that e-mails the link mints the token. */
  PasswordResetRequested: {
    version: 1,
    schema: z.object({ userId: z.string(), requestId: z.string(), requestedAt: z.string(), expiresAt: z.string() }),
  },
  PasswordChanged: { version: 1, schema: z.object({ userId: z.string(), method: z.enum(['change', 'reset']) }) },
  /**
   * The account is deleted. Its personal-data key is destroyed, so every sealed value of the user in
   * any event is unreadable; read models drop the user's rows.
   */
  AccountErased: { version: 1, schema: z.object({ userId: z.string(), erasedAt: z.string() }) },
} as const;

export const ACCOUNT_EVENT_TYPES = eventTypesOf(accountEventSchemas);
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];
export type AccountEvent = EventOf<typeof accountEventSchemas>;
