import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { accessLogProjector } from './accessLogProjector';

describe('staff access log projector', () => {
  const spec = projectorSpec(() => [accessLogProjector()]);

  it('writes one row per staff read: who, when, which route, whose claim and what was opened', async () => {
    const [staffId, claimId, ownerId, subjectEventId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await spec.given(
      `staff-access-${staffId}`,
      [
        {
          type: 'StaffAccessRecorded',
          data: {
            staffId,
            staffRole: 'adjudicator',
            endpoint: 'GET /api/staff/claims/{id}/history',
            claimId,
            ownerId,
            version: 3,
            rows: null,
            subjectEventId,
          },
        },
      ],
      { userId: staffId, occurredAt: '2026-06-01T09:00:00.000Z' },
    );
    await spec.given(
      `staff-access-${staffId}`,
      [
        {
          type: 'StaffAccessRecorded',
          data: {
            staffId,
            staffRole: 'adjudicator',
            endpoint: 'GET /api/staff/claims',
            claimId: null,
            ownerId: null,
            version: null,
            rows: 25,
            subjectEventId: null,
          },
        },
      ],
      { userId: staffId, occurredAt: '2026-06-01T09:05:00.000Z' },
    );
    await spec.thenRows(
      'staff_access_log',
      [
        {
          at: new Date('2026-06-01T09:00:00.000Z'),
          staff_id: staffId,
          staff_role: 'adjudicator',
          endpoint: 'GET /api/staff/claims/{id}/history',
          claim_id: claimId,
          owner_id: ownerId,
          version: 3,
          row_count: null,
          subject_event_id: subjectEventId,
        },
        {
          at: new Date('2026-06-01T09:05:00.000Z'),
          staff_id: staffId,
          endpoint: 'GET /api/staff/claims',
          claim_id: null,
          owner_id: null,
          version: null,
          row_count: 25,
          subject_event_id: null,
        },
      ],
      { orderBy: 'at' },
    );
  });
});
