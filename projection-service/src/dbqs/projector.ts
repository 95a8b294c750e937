import { DBQ_CATALOGUE_EVENT_TYPES, DBQ_DOWNLOAD_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { Projector } from '../runner/projector';

/** The DBQ list: one row per form number; a retired DBQ stays, inactive; downloads are counted. */
export function dbqsProjector(): Projector {
  return {
    name: 'dbqs',
    version: 1,
    tables: ['dbqs'],
    handles: [...DBQ_CATALOGUE_EVENT_TYPES, ...DBQ_DOWNLOAD_EVENT_TYPES],
    async project(event, trx) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'DbqAdded': {
          const d = event.data as EventDataOf<'DbqAdded'>;
          await trx('dbqs')
            .insert({
              dbq_id: d.dbqId,
              title: d.title,
              category: d.category,
              condition_group: d.conditionGroup,
              file_url: d.fileUrl,
              is_active: true,
              version: 1,
              last_updated: at,
            })
            .onConflict('dbq_id')
            .ignore();
          return;
        }
        case 'DbqUpdated': {
          const d = event.data as EventDataOf<'DbqUpdated'>;
          const { title, category, conditionGroup, fileUrl } = d.changes;
          await trx('dbqs')
            .where({ dbq_id: d.dbqId })
            .update({
              ...(title !== undefined ? { title } : {}),
              ...(category !== undefined ? { category } : {}),
              ...(conditionGroup !== undefined ? { condition_group: conditionGroup } : {}),
              ...(fileUrl !== undefined ? { file_url: fileUrl } : {}),
              ...(d.reinstated ? { is_active: true } : {}),
              version: trx.raw('version + 1'),
              last_updated: at,
            });
          return;
        }
        case 'DbqRetired': {
          const d = event.data as EventDataOf<'DbqRetired'>;
          await trx('dbqs')
            .where({ dbq_id: d.dbqId })
            .update({ is_active: false, version: trx.raw('version + 1'), last_updated: at });
          return;
        }
        case 'DbqDownloaded': {
          const d = event.data as EventDataOf<'DbqDownloaded'>;
          await trx('dbqs').where({ dbq_id: d.dbqId }).increment('download_count', 1);
          return;
        }
      }
    },
  };
}
