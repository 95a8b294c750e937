import { DBQ_CATALOGUE_EVENT_TYPES, DBQ_DOWNLOAD_EVENT_TYPES } from '@cc/contracts';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

interface DbqRow {
  dbq_id: string;
  title: string;
  category: string;
  condition_group: string | null;
  file_url: string;
  is_active: boolean;
  version: number;
  last_updated: string | Date;
  download_count: number;
}

const DBQ_EVENTS = [...DBQ_CATALOGUE_EVENT_TYPES, ...DBQ_DOWNLOAD_EVENT_TYPES] as const;

/** The DBQ list: one row per form number; a retired DBQ stays, inactive; downloads are counted. */
export function dbqsProjector(): SetBasedProjector {
  return setBasedProjector<(typeof DBQ_EVENTS)[number], { dbqs: DbqRow }>({
    name: 'dbqs',
    version: 1,
    handles: DBQ_EVENTS,
    tables: {
      dbqs: {
        key: ['dbq_id'],
        columns: {
          dbq_id: 'text',
          title: 'text',
          category: 'text',
          condition_group: 'text',
          file_url: 'text',
          is_active: 'boolean',
          version: 'integer',
          last_updated: 'timestamptz',
          download_count: 'integer',
        },
      },
    },
    touches: (event) => ({ dbqs: [{ dbq_id: event.data.dbqId }] }),
    evolve({ dbqs }, event) {
      const at = event.metadata.occurredAt;
      const dbq = dbqs.get({ dbq_id: event.data.dbqId });
      switch (event.type) {
        case 'DbqAdded': {
          if (dbq) return;
          const d = event.data;
          dbqs.put({
            dbq_id: d.dbqId,
            title: d.title,
            category: d.category,
            condition_group: d.conditionGroup ?? null,
            file_url: d.fileUrl,
            is_active: true,
            version: 1,
            last_updated: at,
            download_count: 0,
          });
          return;
        }
        case 'DbqUpdated': {
          if (!dbq) return;
          const { title, category, conditionGroup, fileUrl } = event.data.changes;
          dbqs.put({
            ...dbq,
            ...(title !== undefined ? { title } : {}),
            ...(category !== undefined ? { category } : {}),
            ...(conditionGroup !== undefined ? { condition_group: conditionGroup } : {}),
            ...(fileUrl !== undefined ? { file_url: fileUrl } : {}),
            ...(event.data.reinstated ? { is_active: true } : {}),
            version: dbq.version + 1,
            last_updated: at,
          });
          return;
        }
        case 'DbqRetired':
          if (dbq) dbqs.put({ ...dbq, is_active: false, version: dbq.version + 1, last_updated: at });
          return;
        case 'DbqDownloaded':
          if (dbq) dbqs.put({ ...dbq, download_count: dbq.download_count + 1 });
          return;
      }
    },
  });
}
