import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { dbqsProjector } from './projector';

describe('DBQ list projector', () => {
  const spec = projectorSpec(() => [dbqsProjector()]);
  const knee = {
    dbqId: '21-0960M-9',
    title: 'Knee and Lower Leg Conditions',
    category: 'Muscles and bones (musculoskeletal)',
    conditionGroup: 'Knee and lower leg conditions',
    fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960M-9-ARE.pdf',
    source: 'bundled catalogue',
  };
  const catalogue = (occurredAt: string, ...events: { type: string; data: Record<string, unknown> }[]) =>
    spec.given('dbq-catalogue', events, { occurredAt });

  it('adds a DBQ active at version 1 with no downloads', async () => {
    await catalogue('2026-04-01T00:00:00.000Z', { type: 'DbqAdded', data: knee });
    await spec.thenRows('dbqs', [
      {
        dbq_id: '21-0960M-9',
        title: 'Knee and Lower Leg Conditions',
        category: 'Muscles and bones (musculoskeletal)',
        condition_group: 'Knee and lower leg conditions',
        file_url: knee.fileUrl,
        is_active: true,
        version: 1,
        download_count: 0,
        last_updated: new Date('2026-04-01T00:00:00.000Z'),
      },
    ]);
  });

  it('changes only the fields an update names, raising the version each time', async () => {
    await catalogue(
      '2026-04-01T00:00:00.000Z',
      { type: 'DbqAdded', data: knee },
      {
        type: 'DbqUpdated',
        data: { dbqId: knee.dbqId, changes: { title: 'Knee and Lower Leg Conditions (revised)' }, reinstated: false, source: 'VA website' },
      },
    );
    await catalogue('2026-04-02T00:00:00.000Z', {
      type: 'DbqUpdated',
      data: { dbqId: knee.dbqId, changes: { conditionGroup: null }, reinstated: false, source: 'VA website' },
    });
    await spec.thenRows('dbqs', [
      {
        dbq_id: knee.dbqId,
        title: 'Knee and Lower Leg Conditions (revised)',
        category: knee.category,
        condition_group: null,
        file_url: knee.fileUrl,
        version: 3,
        last_updated: new Date('2026-04-02T00:00:00.000Z'),
      },
    ]);
  });

  it('keeps a retired DBQ in the list, inactive, and makes it active again when reinstated', async () => {
    await catalogue('2026-04-01T00:00:00.000Z', { type: 'DbqAdded', data: knee });
    await catalogue('2026-04-02T00:00:00.000Z', {
      type: 'DbqRetired',
      data: { dbqId: knee.dbqId, reason: 'No longer listed on the source', source: 'VA website' },
    });
    await spec.thenRows('dbqs', [{ dbq_id: knee.dbqId, is_active: false, version: 2, last_updated: new Date('2026-04-02T00:00:00.000Z') }]);
    await catalogue('2026-04-03T00:00:00.000Z', {
      type: 'DbqUpdated',
      data: { dbqId: knee.dbqId, changes: {}, reinstated: true, source: 'VA website' },
    });
    await spec.thenRows('dbqs', [{ dbq_id: knee.dbqId, title: knee.title, is_active: true, version: 3 }]);
  });

  it('counts downloads without changing the version', async () => {
    await catalogue('2026-04-01T00:00:00.000Z', { type: 'DbqAdded', data: knee });
    for (const userId of [randomUUID(), randomUUID()]) {
      await spec.given(`dbq-downloads-${knee.dbqId}`, [{ type: 'DbqDownloaded', data: { dbqId: knee.dbqId, userId } }], {
        occurredAt: '2026-04-05T00:00:00.000Z',
      });
    }
    await spec.thenRows('dbqs', [
      { dbq_id: knee.dbqId, download_count: 2, version: 1, last_updated: new Date('2026-04-01T00:00:00.000Z') },
    ]);
  });
});
