import { randomUUID } from 'node:crypto';
import { expectListContract } from '@cc/gateway/testing/listContract';
import { startStaffApp, type StaffApp } from '@cc/gateway/testing/staff';

/** Every list of the staff console keeps the ra-data-simple-rest contract (testing/listContract.ts). */
describe('staff console lists (ra-data-simple-rest contract)', () => {
  let staff: StaffApp;
  const count = async (sql: string) => Number((await staff.app.system.knex.raw(sql)).rows[0].n);

  beforeAll(async () => {
    staff = await startStaffApp({}, 'lists');
    for (const [i, condition] of ['Asthma', 'Back strain', 'Carpal tunnel'].entries()) {
      const veteran = await staff.member(`lists.veteran${i}@example.org`, i === 0 ? 'basic' : 'free', {
        firstName: `V${i}`,
        lastName: 'Lister',
      });
      const filed = await veteran.post('/api/claims', { condition, conditionType: 'primary', priority: i === 1 ? 'urgent' : 'normal' });
      expect(filed.status).toBe(201);
      if (i === 1) expect((await veteran.put(`/api/claims/${filed.data.id}/status`, { status: 'approved' })).status).toBe(200);
      const address = await veteran.post('/api/objects/upload', {});
      const body = Buffer.from(`Note ${i}: tinnitus since 2010.\n`);
      expect(
        (
          await veteran.request('PUT', address.data.uploadURL, {
            body: body as unknown as string,
            headers: { 'content-type': 'text/plain' },
          })
        ).status,
      ).toBe(201);
      const doc = await veteran.put('/api/documents', {
        documentURL: address.data.uploadURL,
        fileName: `note-${i}.txt`,
        fileType: 'text/plain',
        fileSize: body.length,
        claimId: filed.data.id,
      });
      expect(doc.status).toBe(201);
      expect((await staff.adjudicator.get(`/api/staff/claims/${filed.data.id}`)).status).toBe(200);
    }
    await staff.app.system.readModelsCaughtUp();
  }, 60_000);
  afterAll(async () => staff.app.close());

  it('claims and documents of every user (adjudicators)', async () => {
    const { app, adjudicator } = staff;
    await expectListContract({
      baseUrl: app.baseUrl,
      client: adjudicator,
      resource: 'staff/claims',
      rangeName: 'claims',
      total: await count('select count(*) as n from claims'),
    });
    await expectListContract({
      baseUrl: app.baseUrl,
      client: adjudicator,
      resource: 'staff/documents',
      rangeName: 'documents',
      total: await count('select count(*) as n from documents'),
    });
  }, 60_000);

  it('the access log and the tier history (administrators)', async () => {
    const { app, admin } = staff;
    await app.system.readModelsCaughtUp();
    await expectListContract({
      baseUrl: app.baseUrl,
      client: admin,
      resource: 'staff/access-log',
      rangeName: 'access-log',
      total: await count('select count(*) as n from staff_access_log'),
    });
    await expectListContract({
      baseUrl: app.baseUrl,
      client: admin,
      resource: 'staff/tier-history',
      rangeName: 'tier-history',
      total: await count('select count(*) as n from user_tier_history'),
    });
  }, 60_000);

  it('projections, dead letters and the event log (support)', async () => {
    const { app, support } = staff;
    const knex = app.system.knex;
    for (const n of [1, 2, 3]) {
      await knex('subscription_dead_letters').insert({
        subscription: n === 3 ? 'worker:a' : 'worker:b',
        event_id: randomUUID(),
        stream_id: `claim-${randomUUID()}`,
        type: n === 1 ? 'ClaimFiled' : 'ClaimNoteAdded',
        tx_id: knex.raw('?::xid8', [String(n * 7)]),
        seq: n,
        attempts: 5 + n,
        error: `Error ${n}`,
      });
    }
    await app.system.readModelsCaughtUp();
    await expectListContract({
      baseUrl: app.baseUrl,
      client: support,
      resource: 'staff/projections',
      rangeName: 'projections',
      total: app.system.projections.projectors.length,
    });
    await expectListContract({
      baseUrl: app.baseUrl,
      client: support,
      resource: 'staff/dead-letters',
      rangeName: 'dead-letters',
      total: 3,
    });
    await expectListContract({
      baseUrl: app.baseUrl,
      client: support,
      resource: 'staff/events',
      rangeName: 'events',
      total: await count('select count(*) as n from events'),
    });
  }, 60_000);
});
