import { eventSchemas, streams, type DbqSyncAnswer } from '@cc/contracts';
import { handleCommand, loadState, type EventMetadata, type EventStore, type GlobalPosition } from '@cc/platform';
import { BUNDLED_SOURCE, bundledDbqEntries, DbqSourceError, fetchDbqPage, type DbqSourceEntry } from './dbqSource';
import { activeCount, dbqCatalogueDecider, decideDownload } from './decider';

type Metadata = Partial<EventMetadata>;

export interface DbqCommandsDeps {
  store: EventStore;
  /** VA's public DBQ page (DBQ_SYNC_URL); without it a sync reads the bundled catalogue. */
  dbqSyncUrl?: string;
  /** Reads a source page; tests and the default use `fetchDbqPage`. */
  readPage?: (url: string) => Promise<DbqSourceEntry[]>;
}

export const VA_WEBSITE_SOURCE = 'VA website';

/** The write side of the DBQ catalogue: syncing it from a source, and recording downloads. */
export function dbqCommands({ store, dbqSyncUrl, readPage = fetchDbqPage }: DbqCommandsDeps) {
  const streamId = streams.dbqCatalogue();

  async function syncFrom(
    entries: readonly DbqSourceEntry[],
    source: string,
    metadata: Metadata,
  ): Promise<DbqSyncAnswer & { position: GlobalPosition | undefined }> {
    const { state } = await loadState(store, streamId, dbqCatalogueDecider);
    const active = activeCount(state);
    // A page that suddenly lists far fewer DBQs has most likely changed its layout: retiring most of
    // the catalogue on its word would take the forms away from everyone.
    if (active > 0 && entries.length < active / 2) {
      throw new DbqSourceError(`The source lists ${entries.length} DBQs, fewer than half of the ${active} in the catalogue`);
    }
    const result = await handleCommand({
      store,
      streamId,
      decider: dbqCatalogueDecider,
      command: { type: 'SyncDbqCatalogue', data: { entries, source } },
      metadata,
    });
    const count = (type: string) => result.events.filter((e) => e.type === type).length;
    return {
      added: count('DbqAdded'),
      updated: count('DbqUpdated'),
      retired: count('DbqRetired'),
      total: new Set(entries.map((e) => e.dbqId)).size,
      source,
      position: result.position,
    };
  }

  return {
    /** `POST /api/dbqs/sync`: from DBQ_SYNC_URL when set, else from the bundled catalogue. */
    async sync(metadata: Metadata) {
      if (dbqSyncUrl) return syncFrom(await readPage(dbqSyncUrl), VA_WEBSITE_SOURCE, metadata);
      return syncFrom(bundledDbqEntries(), BUNDLED_SOURCE, metadata);
    },

    /** At start: an empty catalogue is filled from the bundled one, so DBQs are there before anyone syncs. */
    async ensureCatalogue(metadata: Metadata) {
      const { version } = await store.readStream(streamId);
      if (version > 0) return undefined;
      return syncFrom(bundledDbqEntries(), BUNDLED_SOURCE, metadata);
    },

    /**
     * Decided on the catalogue (is it there, is it active?) and recorded on the DBQ's own downloads
     * stream with no expected version: downloads never conflict with each other or with a sync. A
     * download racing a retirement by milliseconds may still be counted, which harms nothing.
     */
    async download(dbqId: string, actorId: string, metadata: Metadata): Promise<{ fileUrl: string; position: GlobalPosition }> {
      const { state } = await loadState(store, streamId, dbqCatalogueDecider);
      const { event, fileUrl } = decideDownload(state, dbqId, actorId);
      eventSchemas.DbqDownloaded.schema.parse(event.data);
      const appended = await store.appendToStream(streams.dbqDownloads(dbqId), [event], { expectedVersion: 'any', metadata });
      return { fileUrl, position: appended.position };
    },
  };
}

export type DbqCommands = ReturnType<typeof dbqCommands>;
