import { addDays, addYears, utcDay } from '@cc/contracts';
import { expectListContract } from '@cc/gateway/testing/listContract';
import { startTestApp, storedEventCount, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/** A claim's decision date, its review deadlines, and the dashboard's upcoming deadlines. */
describe('claim decision dates and deadlines', () => {
  let app: TestApp;
  let vet: TestClient;
  const today = utcDay(new Date());

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('decided.vet@example.org');
  });
  afterAll(async () => app.close());

  const file = async (condition: string, conditionType = 'primary', client = vet) => {
    const res = await client.post('/api/claims', { condition, conditionType });
    expect(res.status).toBe(201);
    expect(res.data.decisionDate).toBeNull();
    expect(res.data.reviewDeadlines).toEqual([]);
    return res.data.id as string;
  };

  it('is given with approved or denied; the claim then shows its review deadlines', async () => {
    const id = await file('Tinnitus');
    const decided = addDays(today, -30);
    const res = await vet.put(`/api/claims/${id}/status`, { status: 'approved', decisionDate: decided });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'approved', decisionDate: decided });
    expect(res.data.reviewDeadlines.map((d: { kind: string; dueDate: string }) => [d.kind, d.dueDate])).toEqual([
      ['higher_level_review', addYears(decided, 1)],
      ['supplemental_claim', addYears(decided, 1)],
      ['board_appeal', addYears(decided, 1)],
    ]);
    const listed = (await vet.get('/api/claims')).data.find((c: { id: string }) => c.id === id);
    expect(listed.decisionDate).toBe(decided);
  });

  it('is edited and cleared with PATCH, and the history says so', async () => {
    const id = await file('Back strain');
    expect((await vet.put(`/api/claims/${id}/status`, { status: 'denied' })).data.decisionDate).toBeNull();
    const first = addDays(today, -10);
    const edited = await vet.request('PATCH', `/api/claims/${id}`, { json: { decisionDate: first } });
    expect(edited.status).toBe(200);
    expect(edited.data.decisionDate).toBe(first);
    const cleared = await vet.request('PATCH', `/api/claims/${id}`, { json: { decisionDate: null } });
    expect(cleared.data).toMatchObject({ decisionDate: null, reviewDeadlines: [] });
    const history = (await vet.get(`/api/claims/${id}/history`)).data.map((h: { title: string }) => h.title);
    expect(history).toEqual(expect.arrayContaining(['Decision date set', 'Decision date cleared']));
  });

  it('a reopened claim was a Supplemental Claim decision; reopening a decided claim clears its date', async () => {
    const id = await file('Knee condition', 'reopened');
    const decided = addDays(today, -5);
    const res = await vet.put(`/api/claims/${id}/status`, { status: 'denied', decisionDate: decided });
    expect(res.data.reviewDeadlines.map((d: { kind: string }) => d.kind)).toEqual([
      'higher_level_review',
      'supplemental_claim',
      'board_appeal',
    ]);
    const reopened = await vet.put(`/api/claims/${id}/status`, { status: 'evidence_review' });
    expect(reopened.data).toMatchObject({ decisionDate: null, reviewDeadlines: [] });
  });

  it('refuses a date on an undecided claim, a date in the future, and a day that does not exist', async () => {
    // The Free plan tracks three claims; this one is someone else's.
    const vet = app.client();
    await vet.register('refused.vet@example.org');
    const id = await file('Migraines', 'primary', vet);
    const before = await storedEventCount(app);
    const undecided = await vet.request('PATCH', `/api/claims/${id}`, { json: { decisionDate: today } });
    expect(undecided.status).toBe(400);
    expect(undecided.data).toMatchObject({
      detail: 'Only an approved or denied claim has a decision date.',
      errors: [{ field: 'decisionDate' }],
    });
    const withStatus = await vet.put(`/api/claims/${id}/status`, { status: 'initial_review', decisionDate: today });
    expect(withStatus.status).toBe(400);
    const future = await vet.put(`/api/claims/${id}/status`, { status: 'approved', decisionDate: addDays(today, 3) });
    expect(future.status).toBe(400);
    expect(future.data.detail).toBe('The decision date cannot be in the future.');
    const impossible = await vet.put(`/api/claims/${id}/status`, { status: 'approved', decisionDate: '2025-02-29' });
    expect(impossible.data.errors).toEqual([{ field: 'decisionDate', message: 'decisionDate must be a date (YYYY-MM-DD)' }]);
    expect(await storedEventCount(app)).toBe(before);
  });

  describe('GET /api/deadlines (the dashboard’s upcoming deadlines)', () => {
    let other: TestClient;

    beforeAll(async () => {
      other = app.client();
      await other.register('deadlines.vet@example.org');
      const decide = async (condition: string, decisionDate: string, conditionType = 'primary') => {
        const id = (await other.post('/api/claims', { condition, conditionType })).data.id;
        expect((await other.put(`/api/claims/${id}/status`, { status: 'denied', decisionDate })).status).toBe(200);
        return id as string;
      };
      await decide('Sleep apnea', addDays(today, -30)); // due in about 335 days
      await decide('Hypertension', addDays(today, -300)); // due in about 65 days
      await decide('Flat feet', addDays(today, -400)); // passed
    });

    it('lists the deadlines that have not passed, soonest first, with their claim', async () => {
      const res = await other.get('/api/deadlines');
      expect(res.status).toBe(200);
      expect(res.data.map((d: { condition: string; kind: string }) => [d.condition, d.kind])).toEqual([
        ['Hypertension', 'board_appeal'],
        ['Hypertension', 'higher_level_review'],
        ['Hypertension', 'supplemental_claim'],
        ['Sleep apnea', 'board_appeal'],
        ['Sleep apnea', 'higher_level_review'],
        ['Sleep apnea', 'supplemental_claim'],
      ]);
      expect(res.data[0]).toMatchObject({
        dueDate: addYears(addDays(today, -300), 1),
        claimNumber: expect.stringMatching(/^\d{4}-\d{3}$/),
        decisionDate: addDays(today, -300),
      });
      // Someone else's claims are not in it.
      expect((await vet.get('/api/deadlines')).data.every((d: { condition: string }) => d.condition !== 'Hypertension')).toBe(true);
      const filtered = await other.get(`/api/deadlines?filter=${encodeURIComponent(JSON.stringify({ kind: 'board_appeal' }))}`);
      expect(filtered.data).toHaveLength(2);
    });

    it('keeps the list contract', async () => {
      await expectListContract({ baseUrl: app.baseUrl, client: other, resource: 'deadlines', rangeName: 'deadlines', total: 6 });
    });
  });
});
