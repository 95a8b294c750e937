import { REDACTED } from '@cc/contracts';
import { startStaffApp, type StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('support: projections, dead letters, the event log', () => {
  let staff: StaffApp;
  let veteran: TestClient & { id: string };
  let claimId: string;
  let requestId: string;

  beforeAll(async () => {
    staff = await startStaffApp({}, 'support');
    veteran = await staff.member('support.veteran@example.org', 'free', { firstName: 'Pat', lastName: 'Private' });
    const filed = await veteran.post('/api/claims', {
      condition: 'Sleep apnea',
      conditionType: 'secondary',
      nextAction: 'See a specialist',
    });
    expect(filed.status).toBe(201);
    claimId = filed.data.id;
    const opened = await veteran.post('/api/support-requests', { subject: 'A question', message: 'Where do I send my records?' });
    expect(opened.status).toBe(201);
    requestId = opened.data.id;
  });
  afterAll(async () => staff.app.close());

  const deadLetters = async () => (await staff.support.get(`/api/staff/dead-letters?sort=${q(['id', 'ASC'])}`)).data as any[];
  /*
   * Parking needs an asynchronous read model (an inline one fails the append instead): the support
   * requests. A reply that projection cannot store while a check refuses it is parked after its attempts.
   */
  const POISON_CHECK = `alter table support_messages add constraint no_poison check (body not like '%poison%') not valid`;
  const DROP_POISON_CHECK = 'alter table support_messages drop constraint no_poison';
  const lastReplyOf = async () =>
    ((await veteran.get(`/api/support-requests/${requestId}`)).data.messages as { body: string }[]).at(-1)!.body;
  const poison = async (text: string) => {
    const count = (await deadLetters()).length;
    // Recorded (201), or 202 since the read model cannot show it.
    expect([201, 202]).toContain((await veteran.post(`/api/support-requests/${requestId}/replies`, { message: text })).status);
    const deadline = Date.now() + 30_000;
    while ((await deadLetters()).length === count) {
      if (Date.now() > deadline) throw new Error('the profile change was never parked');
      await sleep(100);
    }
    return (await deadLetters()).at(-1)!;
  };

  it('lists every read model with its checkpoint, lag and state', async () => {
    await staff.app.system.readModelsCaughtUp();
    const res = await staff.support.get('/api/staff/projections');
    expect(res.status).toBe(200);
    const count = staff.app.system.projections.projectors.length;
    expect(count).toBeGreaterThanOrEqual(7);
    expect(res.headers.get('content-range')).toBe(`projections 0-${count - 1}/${count}`);
    const claims = res.data.find((p: any) => p.name === 'claims');
    expect(claims).toMatchObject({
      id: 'claims',
      version: 1,
      tables: ['claims', 'claim_notes'],
      position: expect.stringMatching(/^\d+\.\d+$/),
      headPosition: expect.stringMatching(/^\d+\.\d+$/),
      live: true,
      state: 'live',
      lastError: null,
      deadLetters: 0,
      rebuild: null,
    });
    expect(claims.lag).toBeGreaterThanOrEqual(0);
    const one = await staff.support.get('/api/staff/projections/claims');
    expect(one.data).toMatchObject({ name: 'claims', tables: ['claims', 'claim_notes'] });
    expect((await staff.support.get('/api/staff/projections/nope')).status).toBe(404);
  });

  it('a parked event: listed, retried (failing again, then handled once the cause is gone), each retry recorded', async () => {
    const { app, support } = staff;
    await app.system.knex.raw(POISON_CHECK);
    let letter: any;
    try {
      letter = await poison('poison pill one');
      expect(letter).toMatchObject({
        subscription: 'projection:support_requests:v1',
        type: 'SupportRequestReplied',
        attempts: 5,
        streamId: `support-request-${requestId}`,
        error: expect.stringContaining('no_poison'),
      });
      const projections = (await support.get('/api/staff/projections')).data as any[];
      expect(projections.find((p) => p.name === 'support_requests')).toMatchObject({
        deadLetters: 1,
        lastError: expect.stringContaining('no_poison'),
      });

      const failed = await support.post(`/api/staff/dead-letters/${letter.id}/retry`, {});
      expect(failed.status).toBe(422);
      expect(failed.data).toMatchObject({
        type: '/problems/retry-failed',
        title: 'The event failed again',
        detail: expect.stringContaining('no_poison'),
      });
      expect((await support.get(`/api/staff/dead-letters/${letter.id}`)).data).toMatchObject({ attempts: 6 });
    } finally {
      await app.system.knex.raw(DROP_POISON_CHECK);
    }
    const handled = await support.post(`/api/staff/dead-letters/${letter.id}/retry`, {});
    expect(handled).toMatchObject({ status: 200, data: { id: letter.id, outcome: 'handled' } });
    expect((await support.get(`/api/staff/dead-letters/${letter.id}`)).status).toBe(404);
    expect(await lastReplyOf()).toBe('poison pill one');
    expect((await support.post(`/api/staff/dead-letters/${letter.id}/retry`, {})).status).toBe(404);

    const log = await support.get(`/api/staff/events?filter=${q({ streamId: `dead-letter-${letter.id}` })}&sort=${q(['position', 'ASC'])}`);
    expect(log.data.map((e: any) => [e.type, e.data.outcome, e.actorId])).toEqual([
      ['DeadLetterRetried', 'failed', support.id],
      ['DeadLetterRetried', 'handled', support.id],
    ]);
  }, 60_000);

  it('a parked event can be dismissed; a subscriber this process does not run cannot be retried here', async () => {
    const { app, support } = staff;
    await app.system.knex.raw(POISON_CHECK);
    let letter: any;
    try {
      letter = await poison('poison pill two');
    } finally {
      await app.system.knex.raw(DROP_POISON_CHECK);
    }
    const dismissed = await support.request('DELETE', `/api/staff/dead-letters/${letter.id}`);
    expect(dismissed.status).toBe(204);
    expect((await support.request('DELETE', `/api/staff/dead-letters/${letter.id}`)).status).toBe(404);
    expect(await lastReplyOf()).not.toBe('poison pill two');
    const log = await support.get(`/api/staff/events?filter=${q({ type: 'DeadLetterDismissed' })}`);
    expect(log.data).toEqual([
      expect.objectContaining({
        streamId: `dead-letter-${letter.id}`,
        actorId: support.id,
        data: expect.objectContaining({ eventId: letter.eventId, subscription: 'projection:support_requests:v1' }),
      }),
    ]);

    const [{ id: orphan }] = await app.system
      .knex('subscription_dead_letters')
      .insert({
        subscription: 'worker:retired-worker',
        event_id: letter.eventId,
        stream_id: letter.streamId,
        type: letter.type,
        tx_id: app.system.knex.raw("'1'::xid8"),
        seq: 1,
        attempts: 5,
        error: 'gone',
      })
      .returning(app.system.knex.raw('id::text as id'));
    const refused = await support.post(`/api/staff/dead-letters/${orphan}/retry`, {});
    expect(refused.status).toBe(409);
    expect(refused.data.detail).toContain('worker:retired-worker');
    expect((await support.request('DELETE', `/api/staff/dead-letters/${orphan}`)).status).toBe(204);
    expect((await support.post('/api/staff/dead-letters/abc/retry', {})).status).toBe(404);
  }, 60_000);

  it('a parked event of a worker this process runs (notifications, the plan that follows a subscription) is retried here, not refused', async () => {
    const { app, support } = staff;
    const registered = (await app.system.store.readStream(`user-${veteran.id}`)).events[0]!;
    expect(registered.type).toBe('UserRegistered');
    const payer = await staff.member('support.payer@example.org', 'free');
    const checkout = new URL(
      (await payer.post('/api/billing/checkout', { tierName: 'basic', cycle: 'monthly' })).data.url,
      'http://app.test',
    ).searchParams;
    const paid = await payer.post('/api/billing/test-mode/pay', {
      clientSecret: checkout.get('client_secret'),
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const activated = (await app.system.store.readStream(`subscription-${checkout.get('subscription_id')}`)).events.find(
      (e) => e.type === 'SubscriptionActivated',
    )!;
    const notifications = async () => (await veteran.get('/api/notifications')).data.length as number;
    const before = await notifications();
    for (const [subscription, event] of [
      ['worker:notifications', registered],
      ['worker:subscription-tier', activated],
    ] as const) {
      const [{ id }] = await app.system
        .knex('subscription_dead_letters')
        .insert({
          subscription,
          event_id: event.id,
          stream_id: event.streamId,
          type: event.type,
          tx_id: app.system.knex.raw('?::xid8', [event.position.txId.toString()]),
          seq: event.position.seq.toString(),
          attempts: 5,
          error: 'down for a moment',
        })
        .returning(app.system.knex.raw('id::text as id'));
      const retried = await support.post(`/api/staff/dead-letters/${id}/retry`, {});
      expect(retried).toMatchObject({ status: 200, data: { id, outcome: 'handled' } });
      expect((await support.get(`/api/staff/dead-letters/${id}`)).status).toBe(404);
      const log = await support.get(`/api/staff/events?filter=${q({ streamId: `dead-letter-${id}` })}`);
      expect(log.data.map((e: any) => [e.type, e.data.subscription, e.data.outcome])).toEqual([
        ['DeadLetterRetried', subscription, 'handled'],
      ]);
    }
    // Handled again, not twice: the welcome notice is not given a second time, and the plan stays.
    expect(await notifications()).toBe(before);
    expect((await payer.get('/api/auth/user')).data.memberTier).toBe('basic');
  }, 60_000);

  it('the event log: filters, personal data redacted for support, opened for an administrator who asks (and recorded)', async () => {
    const { support, admin } = staff;
    const all = await support.get(`/api/staff/events?filter=${q({ userId: veteran.id })}&sort=${q(['position', 'ASC'])}`);
    expect(all.status).toBe(200);
    // In order; other features' events of the user (the welcome notification) may come between.
    const types = all.data.map((e: any) => e.type) as string[];
    expect(types.filter((t) => ['UserRegistered', 'UserClaimRegistered', 'ClaimFiled'].includes(t)).slice(0, 3)).toEqual([
      'UserRegistered',
      'UserClaimRegistered',
      'ClaimFiled',
    ]);
    expect(all.text).not.toContain('support.veteran@example.org');
    expect(all.text).not.toContain('Sleep apnea');
    const registered = all.data[0];
    expect(registered.data).toMatchObject({ userId: veteran.id, personal: REDACTED, memberTier: 'free' });
    expect(registered).toMatchObject({
      streamId: `user-${veteran.id}`,
      streamVersion: 1,
      position: expect.stringMatching(/^\d+\.\d+$/),
      schemaVersion: 1,
    });

    const byType = await support.get(`/api/staff/events?filter=${q({ type: 'ClaimFiled', streamId: `claim-${claimId}` })}`);
    expect(byType.data).toHaveLength(1);
    expect(byType.data[0].data.text).toBe(REDACTED);
    const future = await support.get(`/api/staff/events?filter=${q({ recordedAt_gte: '2999-01-01T00:00:00Z' })}`);
    expect(future).toMatchObject({ status: 200, data: [] });
    const window = await support.get(`/api/staff/events?filter=${q({ recordedAt_lte: registered.recordedAt, userId: veteran.id })}`);
    expect(window.data.map((e: any) => e.id)).toContain(registered.id);
    expect((await support.get(`/api/staff/events?filter=${q({ userId: 'x' })}`)).status).toBe(400);

    // One event: redacted unless an administrator asks to open it.
    expect((await support.get(`/api/staff/events/${registered.id}`)).data).toMatchObject({ revealed: false, data: { personal: REDACTED } });
    expect((await support.get(`/api/staff/events/${registered.id}?reveal=true`)).status).toBe(403);
    const opened = await admin.get(`/api/staff/events/${registered.id}?reveal=true`);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      revealed: true,
      data: { personal: { email: 'support.veteran@example.org', firstName: 'Pat', lastName: 'Private' } },
    });
    const accessLog = await admin.get(`/api/staff/access-log?filter=${q({ ownerId: veteran.id })}`);
    expect(accessLog.data[0]).toMatchObject({
      staffId: admin.id,
      endpoint: 'GET /api/staff/events/{id}?reveal',
      subjectEventId: registered.id,
      claimId: null,
    });
    expect((await admin.get(`/api/staff/events/${registered.id}`)).data).toMatchObject({ revealed: false, data: { personal: REDACTED } });
    expect((await admin.get('/api/staff/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('the event log of a store whose log is not a table here (EventStoreDB) is scanned through the port: same answers, other sorts refused by name', async () => {
    const { support } = staff;
    const store = staff.app.system.store as { capabilities: { eventsTableInDatabase: boolean } };
    const queries = [
      `filter=${q({ userId: veteran.id })}&sort=${q(['position', 'ASC'])}&range=${q([1, 2])}`,
      `filter=${q({ streamPrefix: 'claim-', type: ['ClaimFiled', 'ClaimNoteAdded'] })}&sort=${q(['position', 'DESC'])}`,
      `filter=${q({ streamId: `user-${veteran.id}` })}`,
    ];
    const sql = await Promise.all(queries.map((query) => support.get(`/api/staff/events?${query}`)));
    const registered = sql[2]!.data.at(-1);
    store.capabilities = { eventsTableInDatabase: false };
    try {
      for (const [i, query] of queries.entries()) {
        const scanned = await support.get(`/api/staff/events?${query}`);
        expect(scanned.status).toBe(200);
        expect(scanned.data.length).toBeGreaterThan(0);
        expect(scanned.data).toEqual(sql[i]!.data);
        expect(scanned.headers.get('content-range')).toBe(sql[i]!.headers.get('content-range'));
      }
      const refused = await support.get(`/api/staff/events?sort=${q(['type', 'ASC'])}`);
      expect(refused.status).toBe(400);
      expect(refused.data.detail).toMatch(/sort by position, not by type/);
      expect((await support.get(`/api/staff/events/${registered.id}`)).data).toEqual({ ...registered, revealed: false });
      expect((await support.get('/api/staff/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    } finally {
      store.capabilities = { eventsTableInDatabase: true };
    }
  });
});
