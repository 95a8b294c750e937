import { z } from 'zod';
import { eventTypesOf, type EventOf } from './eventTypes';

/**
 * The DBQ catalogue is one stream, `dbq-catalogue` (a sync is one atomic decision over it). Downloads
 * of one DBQ go to `dbq-downloads-<dbqId>`, off the catalogue's stream, so downloading never contends
 * with a sync.
 */
export const dbqStreams = {
  dbqCatalogue: () => 'dbq-catalogue',
  dbqDownloads: (dbqId: string) => `dbq-downloads-${dbqId}`,
} as const;

export const dbqCatalogueEventSchemas = {
  /** A DBQ enters the catalogue. `source` names where the sync read it. */
  DbqAdded: {
    version: 1,
    schema: z.object({
      dbqId: z.string(),
      title: z.string(),
      category: z.string(),
      conditionGroup: z.string().nullable(),
      fileUrl: z.string(),
      source: z.string(),
    }),
  },
  /** What changed (only the fields that did), and whether a retired DBQ is back. */
  DbqUpdated: {
    version: 1,
    schema: z.object({
      dbqId: z.string(),
      changes: z.object({ title: z.string(), category: z.string(), conditionGroup: z.string().nullable(), fileUrl: z.string() }).partial(),
      reinstated: z.boolean(),
      source: z.string(),
    }),
  },
  /** No longer on the source; kept in the list, but it cannot be downloaded. */
  DbqRetired: { version: 1, schema: z.object({ dbqId: z.string(), reason: z.string(), source: z.string() }) },
} as const;

export const DBQ_CATALOGUE_EVENT_TYPES = eventTypesOf(dbqCatalogueEventSchemas);
export type DbqCatalogueEventType = (typeof DBQ_CATALOGUE_EVENT_TYPES)[number];
export type DbqCatalogueEvent = EventOf<typeof dbqCatalogueEventSchemas>;

export const dbqDownloadEventSchemas = {
  /** Someone downloaded the DBQ (counted; nothing is decided from it). */
  DbqDownloaded: { version: 1, schema: z.object({ dbqId: z.string(), userId: z.string() }) },
} as const;

export const DBQ_DOWNLOAD_EVENT_TYPES = eventTypesOf(dbqDownloadEventSchemas);
export type DbqDownloadEventType = (typeof DBQ_DOWNLOAD_EVENT_TYPES)[number];
export type DbqDownloadedEvent = EventOf<typeof dbqDownloadEventSchemas>;
