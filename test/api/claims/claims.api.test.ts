import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const LIMIT_TEXT = "You've reached your limit of 3 claims. Please upgrade your plan to add more claims.";

describe('claims API', () => {
  let app: TestApp;
  let vet: TestClient;
  let vetId: string;
  let other: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    vet = app.client();
    vetId = (await vet.register('claims.vet@example.org', undefined, { firstName: 'Casey', lastName: 'Jones' })).id;
    other = app.client();
    await other.register('other.vet@example.org');
  });
  afterAll(async () => app.close());

  const file = (client: TestClient, body: Record<string, unknown>) => client.post('/api/claims', body);

  describe('filing', () => {
    it('files a claim as submitted at 10 %, numbered by the server, and answers 201 with it', async () => {
      const year = new Date().getUTCFullYear();
      const res = await file(vet, {
        condition: '  Tinnitus ',
        conditionType: 'primary',
        nextAction: 'Wait for C&P exam',
        claimNumber: '2024-999',
        status: 'approved',
        progressPercentage: 99,
        daysPending: 40,
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({
        condition: 'Tinnitus',
        conditionType: 'primary',
        status: 'submitted',
        progressPercentage: 10,
        isApproved: false,
        daysPending: 0,
        ratingPercentage: null,
        nextAction: 'Wait for C&P exam',
        priority: 'normal',
        claimNumber: `${year}-001`,
        notes: [],
        documents: [],
      });
      const list = await vet.get('/api/claims');
      expect(list.status).toBe(200);
      expect(list.headers.get('content-range')).toBe('claims 0-0/1');
      expect(list.data.map((c: { id: string }) => c.id)).toEqual([res.data.id]);
    });

    it('refuses a claim without condition or type with the spec messages, and files nothing', async () => {
      const before = (await vet.get('/api/claims')).data.length;
      const res = await file(vet, { condition: '   ' });
      expect(res.status).toBe(400);
      expect(res.data.errors).toEqual(
        expect.arrayContaining([
          { field: 'condition', message: 'Condition is required' },
          { field: 'conditionType', message: 'Condition type is required' },
        ]),
      );
      expect((await file(vet, { condition: 'Knee', conditionType: 'made-up' })).status).toBe(400);
      expect((await vet.get('/api/claims')).data.length).toBe(before);
    });

    it('needs a session', async () => {
      expect((await file(app.client(), { condition: 'Knee', conditionType: 'primary' })).status).toBe(401);
      expect((await app.client().get('/api/claims')).status).toBe(401);
      expect((await app.client().get('/api/dashboard')).status).toBe(401);
    });
  });

  describe('the plan limit under concurrency', () => {
    it('gives a free user at 0 claims exactly three 201s and seven 429s for ten simultaneous creates', async () => {
      const racer = app.client();
      const racerId = (await racer.register('racer@example.org')).id;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => file(racer, { condition: `Condition ${i}`, conditionType: 'primary' })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.data).toMatchObject({ status: 429, detail: LIMIT_TEXT, limit: 3 });
      }
      const numbers = answers
        .filter((a) => a.status === 201)
        .map((a) => a.data.claimNumber.split('-')[1])
        .sort();
      expect(numbers).toEqual(['001', '002', '003']);
      const board = await racer.get('/api/dashboard');
      expect(board.data.usage.claims).toEqual({ used: 3, limit: 3, remaining: 0 });
      const { events } = await app.system.store.readStream(`user-${racerId}`);
      expect(events.filter((e) => e.type === 'UserClaimRegistered')).toHaveLength(3);
    });

    it('has no limit on a paid plan (limit 0, remaining null)', async () => {
      const admin = app.client();
      await admin.signIn('admin@example.org');
      const paid = app.client();
      const paidId = (await paid.register('paid@example.org')).id;
      await admin.put(`/api/users/${paidId}/tier`, { tierName: 'basic' });
      for (let i = 0; i < 4; i++) {
        const created = await (async () => {
          for (let attempt = 0; attempt < 50; attempt++) {
            const res = await file(paid, { condition: `Paid ${i}`, conditionType: 'secondary' });
            if (res.status !== 429) return res;
            await new Promise((r) => setTimeout(r, 20)); // the tier change reaches this session eventually
          }
          throw new Error('still limited');
        })();
        expect(created.status).toBe(201);
      }
      expect((await paid.get('/api/dashboard')).data.usage.claims).toEqual({ used: 4, limit: 0, remaining: null });
    });
  });

  describe('status, rating and notes', () => {
    let claimId: string;
    beforeAll(async () => {
      const creator = app.client();
      await creator.register('tracker@example.org', undefined, { firstName: 'Terry' });
      vet = creator;
      const res = await file(creator, { condition: 'Lower back strain', conditionType: 'increase' });
      claimId = res.data.id;
    });

    it('changes the status, adds the status_change note, and moves progress and isApproved', async () => {
      const res = await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: 'Records requested' });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'evidence_review', progressPercentage: 50, isApproved: false });
      expect(res.data.notes[0]).toMatchObject({
        noteType: 'status_change',
        note: 'Status changed to: Evidence Review\nRecords requested',
        previousStatus: 'submitted',
        newStatus: 'evidence_review',
      });
      const approved = await vet.put(`/api/claims/${claimId}/status`, { status: 'approved' });
      expect(approved.data).toMatchObject({ status: 'approved', progressPercentage: 100, isApproved: true });
      expect(approved.data.notes[0].note).toBe('Status changed to: Approved');
    });

    it('refuses an unknown status', async () => {
      const res = await vet.put(`/api/claims/${claimId}/status`, { status: 'lost' });
      expect(res.status).toBe(400);
    });

    it('sets the rating from text, refuses anything outside 0–100 with the spec message, and clears it with ""', async () => {
      for (const bad of ['150', '-1', 'abc', '7.5', 101, null]) {
        const res = await vet.put(`/api/claims/${claimId}/rating`, { ratingPercentage: bad });
        expect(res.status).toBe(400);
        expect(res.data.detail).toBe('Rating must be a number between 0 and 100');
      }
      expect((await vet.put(`/api/claims/${claimId}/rating`, { ratingPercentage: '70' })).data.ratingPercentage).toBe(70);
      expect((await vet.get('/api/dashboard')).data.stats.disabilityRating).toBe(70);
      expect((await vet.put(`/api/claims/${claimId}/rating`, { ratingPercentage: '' })).data.ratingPercentage).toBeNull();
      await vet.put(`/api/claims/${claimId}/rating`, { ratingPercentage: '70' });
    });

    it('adds a trimmed note and refuses an empty one', async () => {
      const res = await vet.post(`/api/claims/${claimId}/notes`, {
        note: '  Called the VA  ',
        noteType: 'communication',
        isImportant: true,
      });
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ note: 'Called the VA', noteType: 'communication', isImportant: true });
      const empty = await vet.post(`/api/claims/${claimId}/notes`, { note: '   ', noteType: 'general', isImportant: false });
      expect(empty.status).toBe(400);
      expect(empty.data.errors[0]).toEqual({ field: 'note', message: 'Note cannot be empty' });
      expect((await vet.post(`/api/claims/${claimId}/notes`, { note: 'x', noteType: 'status_change' })).status).toBe(400);
    });

    it('changes the tracking details (priority, next action, estimated decision date)', async () => {
      const res = await vet.request('PATCH', `/api/claims/${claimId}`, {
        json: { priority: 'urgent', nextAction: 'Send buddy statement', estimatedDecisionDate: '2027-03-01' },
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ priority: 'urgent', nextAction: 'Send buddy statement', estimatedDecisionDate: '2027-03-01' });
      expect((await vet.request('PATCH', `/api/claims/${claimId}`, { json: {} })).status).toBe(400);
    });

    it('keeps the full history: what, old → new, who and when', async () => {
      const res = await vet.get(`/api/claims/${claimId}/history`);
      expect(res.status).toBe(200);
      const titles = res.data.map((e: { title: string }) => e.title);
      expect(titles.slice(0, 4)).toEqual(['Claim filed', 'Status changed', 'Status changed', 'Rating changed']);
      expect(titles).toEqual(
        expect.arrayContaining([
          'Rating cleared',
          'Note added',
          'Priority changed',
          'Next action changed',
          'Estimated decision date changed',
        ]),
      );
      const status = res.data[1];
      expect(status.changes).toEqual(
        expect.arrayContaining([
          { field: 'Status', from: 'Submitted', to: 'Evidence Review' },
          { field: 'Progress', from: '10%', to: '50%' },
        ]),
      );
      expect(status.actor.name).toBe('Terry');
      expect(Number.isNaN(Date.parse(status.at))).toBe(false);
    });

    it('lets an administrator read any claim history, and nobody else', async () => {
      const admin = app.client();
      await admin.request('POST', '/api/auth/login', { json: { email: 'admin@example.org', password: 'correct horse battery' } });
      expect((await admin.get(`/api/claims/${claimId}/history`)).status).toBe(200);
      expect((await other.get(`/api/claims/${claimId}/history`)).status).toBe(404);
      expect((await admin.get(`/api/claims/${claimId}`)).status).toBe(404);
    });
  });

  describe('the list contract (ra-data-simple-rest)', () => {
    it('sorts, pages and filters, with Content-Range', async () => {
      const lister = app.client();
      await lister.register('lister@example.org');
      const ids: Record<string, string> = {};
      for (const condition of ['Asthma', 'Back strain', 'Carpal tunnel']) {
        const res = await file(lister, { condition, conditionType: 'primary' });
        expect(res.status).toBe(201);
        ids[condition] = res.data.id;
      }
      await lister.put(`/api/claims/${ids['Carpal tunnel']}/status`, { status: 'denied' });
      const q = (params: Record<string, unknown>) =>
        '/api/claims?' +
        Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
          .join('&');

      const page = await lister.get(q({ sort: ['condition', 'ASC'], range: [1, 2] }));
      expect(page.data.map((c: { condition: string }) => c.condition)).toEqual(['Back strain', 'Carpal tunnel']);
      expect(page.headers.get('content-range')).toBe('claims 1-2/3');
      const denied = await lister.get(q({ filter: { status: 'denied' } }));
      expect(denied.data.map((c: { condition: string }) => c.condition)).toEqual(['Carpal tunnel']);
      expect(denied.headers.get('content-range')).toBe('claims 0-0/1');
      const search = await lister.get(q({ filter: { q: 'TUNNEL' } }));
      expect(search.data.map((c: { id: string }) => c.id)).toEqual([ids['Carpal tunnel']]);
      expect((await lister.get(q({ sort: ['secret', 'ASC'] }))).status).toBe(400);
      expect((await lister.get(q({ filter: { userId: 'someone' } }))).status).toBe(400);
    });
  });

  describe("another user's claim", () => {
    it('is a 404 on every endpoint, and nothing is appended', async () => {
      const owner = app.client();
      await owner.register('owner@example.org');
      const claimId = (await file(owner, { condition: 'PTSD', conditionType: 'primary' })).data.id;
      const streamBefore = (await app.system.store.readStream(`claim-${claimId}`)).version;
      const attempts = [
        await other.get(`/api/claims/${claimId}`),
        await other.get(`/api/claims/${claimId}/history`),
        await other.put(`/api/claims/${claimId}/status`, { status: 'approved' }),
        await other.put(`/api/claims/${claimId}/rating`, { ratingPercentage: '100' }),
        await other.post(`/api/claims/${claimId}/notes`, { note: 'mine now', noteType: 'general', isImportant: false }),
        await other.request('PATCH', `/api/claims/${claimId}`, { json: { priority: 'low' } }),
      ];
      expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect((await app.system.store.readStream(`claim-${claimId}`)).version).toBe(streamBefore);
      expect((await other.get('/api/claims')).data.find((c: { id: string }) => c.id === claimId)).toBeUndefined();
      expect((await other.get('/api/claims/not-a-uuid')).status).toBe(404);
    });
  });

  describe('dashboard', () => {
    it('answers the spec payload with the combined rating, counters, activity and usage', async () => {
      const me = app.client();
      await me.register('dash@example.org', undefined, { firstName: 'Dana' });
      const empty = await me.get('/api/dashboard');
      expect(empty.data).toEqual({
        user: { firstName: 'Dana' },
        stats: { disabilityRating: 0, activeClaims: 0, approvedClaims: 0, oldestPendingDays: 0 },
        recentActivities: [],
        recentDocuments: [],
        recentClaims: [],
        usage: { claims: { used: 0, limit: 3, remaining: 3 } },
      });
      const a = (await file(me, { condition: 'Knee', conditionType: 'primary' })).data.id;
      const b = (await file(me, { condition: 'Hearing loss', conditionType: 'primary' })).data.id;
      await file(me, { condition: 'Sleep apnea', conditionType: 'secondary' });
      await me.put(`/api/claims/${a}/status`, { status: 'approved' });
      await me.put(`/api/claims/${a}/rating`, { ratingPercentage: '50' });
      await me.put(`/api/claims/${b}/status`, { status: 'approved' });
      await me.put(`/api/claims/${b}/rating`, { ratingPercentage: '30' });
      const board = (await me.get('/api/dashboard')).data;
      // 50 and 30 combine to 65, which rounds to 70 (38 CFR 4.25), not 80.
      expect(board.stats).toEqual({ disabilityRating: 70, activeClaims: 1, approvedClaims: 2, oldestPendingDays: 0 });
      expect(board.recentActivities).toHaveLength(3);
      expect(board.recentActivities[0]).toMatchObject({ type: 'claim_created', title: 'New claim added' });
      expect(board.recentActivities[0].description).toMatch(/Sleep apnea/);
      expect(board.recentClaims.map((c: { condition: string }) => c.condition)).toEqual(['Sleep apnea', 'Hearing loss', 'Knee']);
      expect(board.usage.claims).toEqual({ used: 3, limit: 3, remaining: 0 });
      // No analysed documents yet: the profile only knows the approved claims, with no sign of worsening.
      expect((await me.get('/api/ai-analysis/profile')).data).toEqual({
        potentialConditions: [],
        secondaryConditions: [],
        existingConditions: [
          { condition: 'Hearing loss', currentRating: 30, potentialIncrease: false },
          { condition: 'Knee', currentRating: 50, potentialIncrease: false },
        ],
      });
    });
  });

  it('keeps claim text out of the events in clear', async () => {
    const { events } = await app.system.store.readStream(`user-${vetId}`);
    expect(events.length).toBeGreaterThan(0);
    const claims = await app.system.knex('events').where('stream_id', 'like', 'claim-%').select('data');
    expect(JSON.stringify(claims)).not.toMatch(/Tinnitus|Lower back|Called the VA/);
  });
});
