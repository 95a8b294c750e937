import { SPEC_PROBLEMS, type DbqCatalogueEvent, type DbqDownloadedEvent } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';
import type { DbqSourceEntry } from './dbqSource';

export type { DbqCatalogueEvent, DbqDownloadedEvent };

export interface CatalogueEntry {
  title: string;
  category: string;
  conditionGroup: string | null;
  fileUrl: string;
  active: boolean;
}

/** The catalogue: every DBQ it ever held, by form number (retired ones stay, inactive). */
export interface DbqCatalogueState {
  dbqs: Record<string, CatalogueEntry>;
}

export type DbqCatalogueCommand = {
  type: 'SyncDbqCatalogue';
  /** Everything the source lists; the catalogue is made to match it. */
  data: { entries: readonly DbqSourceEntry[]; source: string };
};

const DESCRIBED = ['title', 'category', 'conditionGroup', 'fileUrl'] as const;

export const dbqCatalogueDecider: Decider<DbqCatalogueState, DbqCatalogueCommand, DbqCatalogueEvent> = {
  initialState: () => ({ dbqs: {} }),

  evolve(state, event) {
    const { dbqId } = event.data;
    switch (event.type) {
      case 'DbqAdded': {
        const { title, category, conditionGroup, fileUrl } = event.data;
        return { dbqs: { ...state.dbqs, [dbqId]: { title, category, conditionGroup, fileUrl, active: true } } };
      }
      case 'DbqUpdated': {
        const current = state.dbqs[dbqId];
        if (!current) return state;
        return { dbqs: { ...state.dbqs, [dbqId]: { ...current, ...event.data.changes, active: current.active || event.data.reinstated } } };
      }
      case 'DbqRetired': {
        const current = state.dbqs[dbqId];
        if (!current) return state;
        return { dbqs: { ...state.dbqs, [dbqId]: { ...current, active: false } } };
      }
    }
  },

  /**
   * A sync makes the catalogue equal its source: new forms are added, changed ones updated (only
   * what changed; a retired one that is listed again comes back), and active ones the source no
   * longer lists are retired. A source listing the catalogue exactly as it is changes nothing.
   */
  decide(command, state) {
    const { entries, source } = command.data;
    const events: DbqCatalogueEvent[] = [];
    const listed = new Set<string>();
    for (const entry of entries) {
      if (listed.has(entry.dbqId)) continue;
      listed.add(entry.dbqId);
      const current = state.dbqs[entry.dbqId];
      const described = { title: entry.title, category: entry.category, conditionGroup: entry.conditionGroup, fileUrl: entry.fileUrl };
      if (!current) {
        events.push({ type: 'DbqAdded', data: { dbqId: entry.dbqId, ...described, source } });
        continue;
      }
      const changes = Object.fromEntries(
        DESCRIBED.filter((field) => current[field] !== described[field]).map((field) => [field, described[field]]),
      );
      const reinstated = !current.active;
      if (Object.keys(changes).length > 0 || reinstated)
        events.push({ type: 'DbqUpdated', data: { dbqId: entry.dbqId, changes, reinstated, source } });
    }
    for (const [dbqId, current] of Object.entries(state.dbqs)) {
      if (current.active && !listed.has(dbqId))
        events.push({ type: 'DbqRetired', data: { dbqId, reason: 'No longer listed on the source', source } });
    }
    return events;
  },
};

/** How many DBQs are active: a source listing fewer than half of them is not trusted (a page that changed its layout). */
export const activeCount = (state: DbqCatalogueState) => Object.values(state.dbqs).filter((d) => d.active).length;

/**
 * A download is recorded for a DBQ of the catalogue that is active; an inactive one has no PDF to
 * give ("Download Unavailable"), an unknown one is not found.
 */
export function decideDownload(state: DbqCatalogueState, dbqId: string, actorId: string): { event: DbqDownloadedEvent; fileUrl: string } {
  const dbq = state.dbqs[dbqId];
  if (!dbq) throw new DomainError('not-found', 'DBQ not found.');
  if (!dbq.active) throw new DomainError('conflict', SPEC_PROBLEMS.downloadUnavailable());
  return { event: { type: 'DbqDownloaded', data: { dbqId, userId: actorId } }, fileUrl: dbq.fileUrl };
}
