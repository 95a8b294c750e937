import { combinedRating, monthlyCompensation, utcDay, addDays, type AnalyticsReport } from '@cc/contracts';
import { nationalAverageDaysToComplete } from '@cc/contracts/referenceData';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

const ADMIN = 'analytics.admin@example.org';
const PASSWORD = 'correct horse battery';

async function withTier(app: TestApp, admin: TestClient, email: string, tier?: 'basic' | 'pro') {
  const client = app.client();
  const user = await client.register(email);
  if (tier) {
    expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: tier })).status).toBe(200);
    const deadline = Date.now() + 5000;
    while ((await client.get('/api/auth/user')).data.memberTier !== tier && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  }
  return client;
}

/** GET /api/analytics: the Basic and Pro plans' analytics, computed from read models. */
describe('analytics (GET /api/analytics)', () => {
  let app: TestApp;
  let admin: TestClient;
  let free: TestClient;
  let basic: TestClient;
  let pro: TestClient;
  const today = utcDay(new Date());
  const ids: Record<'tinnitus' | 'knee' | 'back', string> = { tinnitus: '', knee: '', back: '' };

  const file = async (client: TestClient, condition: string) => {
    const res = await client.post('/api/claims', { condition, conditionType: 'primary' });
    expect(res.status).toBe(201);
    return res.data.id as string;
  };
  const status = async (client: TestClient, id: string, to: string, decisionDate?: string) =>
    expect((await client.put(`/api/claims/${id}/status`, { status: to, ...(decisionDate ? { decisionDate } : {}) })).status).toBe(200);
  const rate = async (client: TestClient, id: string, ratingPercentage: number | null) =>
    expect((await client.put(`/api/claims/${id}/rating`, { ratingPercentage })).status).toBe(200);
  const report = async (client: TestClient): Promise<AnalyticsReport> => {
    await app.system.readModelsCaughtUp();
    const res = await client.get('/api/analytics');
    expect(res.status).toBe(200);
    return res.data as AnalyticsReport;
  };

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN, ADMIN_PASSWORD: PASSWORD } });
    admin = app.client();
    await admin.signIn(ADMIN, PASSWORD);
    free = await withTier(app, admin, 'free.analytics@example.org');
    basic = await withTier(app, admin, 'basic.analytics@example.org', 'basic');
    pro = await withTier(app, admin, 'pro.analytics@example.org', 'pro');
    // A small scripted history: Tinnitus granted at 30 %, then the knee at 20 %, the back claim still open.
    ids.tinnitus = await file(pro, 'Tinnitus');
    ids.knee = await file(pro, 'Knee strain');
    ids.back = await file(pro, 'Lower back pain');
    await status(pro, ids.tinnitus, 'initial_review');
    await status(pro, ids.tinnitus, 'approved', addDays(today, -2));
    await rate(pro, ids.tinnitus, 30);
    await status(pro, ids.knee, 'evidence_review');
    await status(pro, ids.knee, 'approved', addDays(today, -1));
    await rate(pro, ids.knee, 20);
  });
  afterAll(async () => app.close());

  it('the Free plan gets 403 "Upgrade Required" with the plans that unlock analytics', async () => {
    const res = await free.get('/api/analytics');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.data).toMatchObject({ title: 'Upgrade Required', upgrade: true, feature: 'hasAdvancedAnalytics', plans: ['basic', 'pro'] });
    expect((await app.client().get('/api/analytics')).status).toBe(401);
  });

  it('Basic gets the figures; a veteran without claims gets empty series and the national average', async () => {
    const data = await report(basic);
    expect(data).toMatchObject({
      claimCount: 0,
      statusOverTime: [],
      combinedRatingOverTime: [],
      readinessOverTime: [],
      daysPending: [],
      deadlines: [],
      generatedOn: today,
      nationalAverage: nationalAverageDaysToComplete(),
    });
    expect(data.nationalAverage).toMatchObject({
      averageDays: 123.4,
      period: '2019-03',
      sourceUrl: 'https://www.va.gov/disability/after-you-file-claim/',
    });
  });

  it('claims by status over time follow every filing and status change', async () => {
    const data = await report(pro);
    expect(data.claimCount).toBe(3);
    const counts = data.statusOverTime.map((p) => p.counts);
    const c = (submitted: number, initial_review: number, evidence_review: number, approved: number) => ({
      submitted,
      initial_review,
      evidence_review,
      approved,
      denied: 0,
    });
    expect(counts).toEqual([c(1, 0, 0, 0), c(2, 0, 0, 0), c(3, 0, 0, 0), c(2, 1, 0, 0), c(2, 0, 0, 1), c(1, 0, 1, 1), c(1, 0, 0, 2)]);
    const times = data.statusOverTime.map((p) => p.at);
    expect([...times].sort()).toEqual(times);
  });

  it('the combined rating steps with each granted claim, with the monthly amount it pays', async () => {
    const data = await report(pro);
    const amount = (rating: number) => monthlyCompensation(rating, today).amount;
    expect(data.combinedRatingOverTime).toMatchObject([
      {
        step: { claimId: ids.tinnitus, condition: 'Tinnitus', from: null, to: 30 },
        ratings: [30],
        combinedValue: 30,
        combinedRating: 30,
        monthlyAmount: amount(30),
      },
      {
        step: { claimId: ids.knee, condition: 'Knee strain', from: null, to: 20 },
        ratings: [30, 20],
        // 30 and 20 combine to 44 (38 CFR 4.25), which rounds to 40.
        combinedValue: 44,
        combinedRating: 40,
        monthlyAmount: amount(40),
      },
    ]);
    expect(combinedRating([30, 20]).rating).toBe(40);
    expect(amount(40)).toBeGreaterThan(amount(30));
    expect(data.compensationBasis).toBe('Veteran alone, no dependents');
  });

  it('a rating taken back, and a granted claim reopened, step the combined rating down', async () => {
    const client = await withTier(app, admin, 'steps.analytics@example.org', 'pro');
    const a = await file(client, 'Migraines');
    await status(client, a, 'approved', today);
    await rate(client, a, 50);
    await rate(client, a, 30);
    await status(client, a, 'evidence_review');
    const data = await report(client);
    expect(data.combinedRatingOverTime.map((p) => [p.step.from, p.step.to, p.combinedRating, p.monthlyAmount])).toEqual([
      [null, 50, 50, monthlyCompensation(50, today).amount],
      [50, 30, 30, monthlyCompensation(30, today).amount],
      [30, null, 0, 0],
    ]);
  });

  it('days pending per open claim, evidence readiness per claim, and upcoming deadlines', async () => {
    const data = await report(pro);
    expect(data.daysPending).toEqual([
      {
        claimId: ids.back,
        claimNumber: expect.any(String),
        condition: 'Lower back pain',
        status: 'submitted',
        filedAt: expect.any(String),
        daysPending: 0,
        // Against VA's national average days to complete (123.4).
        daysOverAverage: -123.4,
      },
    ]);
    // Readiness: every claim has its map's history, and its last point is the map as it stands.
    const maps = await app.system.knex('evidence_maps').whereIn('claim_id', Object.values(ids));
    expect(data.readinessOverTime.map((s) => s.claimId).sort()).toEqual(Object.values(ids).sort());
    for (const series of data.readinessOverTime) {
      const map = maps.find((m) => m.claim_id === series.claimId)!;
      expect(series.points.at(-1)).toMatchObject({ readiness: map.readiness, stage: map.stage });
    }
    const tinnitus = data.readinessOverTime.find((s) => s.claimId === ids.tinnitus)!;
    expect(tinnitus.points[0]!.stage).toBe('building');
    expect(tinnitus.points.at(-1)!.stage).toBe('granted');
    // The decided claims' review deadlines, soonest first, the same as the dashboard's.
    const dashboard = (await pro.get('/api/deadlines')).data as { id: string; dueDate: string }[];
    expect(data.deadlines.map((d) => d.id).sort()).toEqual(dashboard.map((d) => d.id).sort());
    expect(data.deadlines.length).toBe(6);
    expect(data.deadlines.map((d) => d.dueDate)).toEqual([...data.deadlines.map((d) => d.dueDate)].sort());
  });

  it('rebuilding the analytics read models gives the same figures', async () => {
    const before = await report(pro);
    const { rebuilder } = app.system.projections;
    // The readiness history is part of the evidence read model.
    for (const name of ['analytics_claim_changes', 'evidence']) {
      const { status: started } = await rebuilder.start(name, { requestedBy: null, operator: 'analytics test' });
      const deadline = Date.now() + 30_000;
      let state = started.state;
      while (state === 'running' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await rebuilder.status(started.id))!.state;
      }
      expect(state).toBe('swapped');
    }
    expect(await report(pro)).toEqual(before);
  });
});
