import { STAFF_ACCESS_EVENT_TYPES } from '@cc/contracts';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

interface AccessLogRow {
  event_id: string;
  at: string | Date;
  staff_id: string;
  staff_role: string;
  endpoint: string;
  claim_id: string | null;
  owner_id: string | null;
  version: number | null;
  row_count: number | null;
  subject_event_id: string | null;
}

/** The access log: one row per staff read recorded as StaffAccessRecorded (who, when, what, which claim). */
export function accessLogProjector(): SetBasedProjector {
  return setBasedProjector<(typeof STAFF_ACCESS_EVENT_TYPES)[number], { staff_access_log: AccessLogRow }>({
    name: 'staff_access_log',
    version: 1,
    handles: STAFF_ACCESS_EVENT_TYPES,
    tables: {
      staff_access_log: {
        key: ['event_id'],
        columns: {
          event_id: 'uuid',
          at: 'timestamptz',
          staff_id: 'uuid',
          staff_role: 'text',
          endpoint: 'text',
          claim_id: 'uuid',
          owner_id: 'uuid',
          version: 'integer',
          row_count: 'integer',
          subject_event_id: 'uuid',
        },
      },
    },
    touches: (event) => ({ staff_access_log: [{ event_id: event.id }] }),
    evolve({ staff_access_log }, event) {
      if (staff_access_log.get({ event_id: event.id })) return;
      const d = event.data;
      staff_access_log.put({
        event_id: event.id,
        at: event.metadata.occurredAt,
        staff_id: d.staffId,
        staff_role: d.staffRole,
        endpoint: d.endpoint,
        claim_id: d.claimId ?? null,
        owner_id: d.ownerId ?? null,
        version: d.version ?? null,
        row_count: d.rows ?? null,
        subject_event_id: d.subjectEventId ?? null,
      });
    },
  });
}
