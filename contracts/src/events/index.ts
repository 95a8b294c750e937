import type { z } from 'zod';
import { accountEventSchemas, accountStreams } from './account';
import { billingCustomerEventSchemas, billingStreams, subscriptionEventSchemas } from './billing';
import { chatEventSchemas, chatStreams } from './chat';
import { claimEventSchemas, claimStreams } from './claims';
import { dbqCatalogueEventSchemas, dbqDownloadEventSchemas, dbqStreams } from './dbqs';
import { deadlineReminderEventSchemas, deadlineReminderStreams } from './deadlines';
import { documentEventSchemas, documentStreams, documentUpcasters } from './documents';
import { notificationEventSchemas, notificationStreams } from './notifications';
import { preferencesEventSchemas, preferencesStreams } from './settings';
import { deadLetterEventSchemas, projectionEventSchemas, staffAccessEventSchemas, staffStreams } from './staff';
import { supportRequestEventSchemas, supportRequestStreams } from './supportRequests';
import { userEventSchemas, userStreams } from './users';

/**
 * The event catalogue, one file per stream: each file holds its stream's name, its events' schemas,
 * their union type and the list of their type names (`CLAIM_EVENT_TYPES`…), which deciders,
 * projectors and workers use instead of spelling the names again.
 */
export * from './account';
export * from './billing';
export * from './chat';
export * from './claims';
export * from './dbqs';
export * from './deadlines';
export * from './documents';
export * from './eventTypes';
export * from './notifications';
export * from './sealed';
export * from './settings';
export * from './staff';
export * from './supportRequests';
export * from './users';

/**
 * Every event type, its current schema version and its zod schema. An event stored at an older
 * version is upcast on read (see `upcasters`), so consumers only ever see the current shape.
 */
export const eventSchemas = {
  ...userEventSchemas,
  ...claimEventSchemas,
  ...documentEventSchemas,
  ...subscriptionEventSchemas,
  ...billingCustomerEventSchemas,
  ...preferencesEventSchemas,
  ...accountEventSchemas,
  ...notificationEventSchemas,
  ...dbqCatalogueEventSchemas,
  ...dbqDownloadEventSchemas,
  ...chatEventSchemas,
  ...staffAccessEventSchemas,
  ...projectionEventSchemas,
  ...deadLetterEventSchemas,
  ...deadlineReminderEventSchemas,
  ...supportRequestEventSchemas,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];

/**
 * Upcasters by event type and the version they upgrade from: `upcasters[type][v]` turns data stored
 * at version v into version v + 1.
 */
export const upcasters: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {
  ...documentUpcasters,
};

export function currentVersionOf(type: string): number {
  return (eventSchemas as Record<string, { version: number }>)[type]?.version ?? 1;
}

/** The name of every stream, by what it holds. */
export const streams = {
  ...userStreams,
  ...claimStreams,
  ...documentStreams,
  ...billingStreams,
  ...accountStreams,
  ...preferencesStreams,
  ...notificationStreams,
  ...dbqStreams,
  ...chatStreams,
  ...staffStreams,
  ...deadlineReminderStreams,
  ...supportRequestStreams,
} as const;
