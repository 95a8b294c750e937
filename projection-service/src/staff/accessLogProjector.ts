import { STAFF_ACCESS_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { Projector } from '../runner/projector';

/** The access log: one row per staff read recorded as StaffAccessRecorded (who, when, what, which claim). */
export function accessLogProjector(): Projector {
  return {
    name: 'staff_access_log',
    version: 1,
    tables: ['staff_access_log'],
    handles: STAFF_ACCESS_EVENT_TYPES,
    async project(event, trx) {
      const d = event.data as EventDataOf<'StaffAccessRecorded'>;
      await trx('staff_access_log')
        .insert({
          event_id: event.id,
          at: event.metadata.occurredAt,
          staff_id: d.staffId,
          staff_role: d.staffRole,
          endpoint: d.endpoint,
          claim_id: d.claimId,
          owner_id: d.ownerId,
          version: d.version,
          row_count: d.rows,
          subject_event_id: d.subjectEventId,
        })
        .onConflict('event_id')
        .ignore();
    },
  };
}
