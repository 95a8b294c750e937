import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, addYears, utcDay } from '@cc/contracts';
import type { ClaimStrategy, PredictionsOverview } from '@cc/contracts/strategy';
import { planFeatures, type MemberTierFlags, type SubscriptionPlan } from '@cc/contracts';
import { eventually } from '@cc/gateway/testing/eventually';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * Claim strategy and predictions over real HTTP: real corpus documents analysed by the offline
 * engine, the Pro gate held by the server, and the plan read back from the read models.
 */

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name));

async function upload(client: TestClient, fileName: string, body: Buffer, claimId: string, analysisType?: string) {
  const address = await client.post('/api/objects/upload', {});
  const url = address.data.uploadURL as string;
  expect((await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': 'text/plain' } })).status).toBe(
    201,
  );
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: 'text/plain', fileSize: body.length, claimId });
  expect(res.status).toBe(201);
  if (analysisType) expect((await client.post(`/api/documents/${res.data.id}/analyze`, { analysisType })).status).toBe(200);
  return res.data.id as string;
}

async function strategyUntil(client: TestClient, claimId: string, ok: (s: ClaimStrategy) => boolean): Promise<ClaimStrategy> {
  const last = await eventually(
    async () => {
      const res = await client.get(`/api/claims/${claimId}/strategy`);
      expect(res.status).toBe(200);
      return res.data as ClaimStrategy;
    },
    ok,
    15_000,
  );
  if (!ok(last)) throw new Error(`the strategy never got there: ${JSON.stringify(last)}`);
  return last;
}

describe('claim strategy and predictions API', () => {
  let app: TestApp;
  let admin: TestClient;
  let free: TestClient;
  let basic: TestClient;
  let pro: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'strategy.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('strategy.admin@example.org');
    free = app.client();
    await free.register('strategy.free@example.org');
    basic = app.client();
    await grantTier(admin, basic, (await basic.register('strategy.basic@example.org')).id, 'basic');
    pro = app.client();
    await grantTier(admin, pro, (await pro.register('strategy.pro@example.org')).id, 'pro');
    other = app.client();
    await grantTier(admin, other, (await other.register('strategy.other@example.org')).id, 'pro');
  });
  afterAll(async () => app.close());

  /**
   * What each paid feature's server answers, allowed or not: the flag is the one the plan-card lines
   * name (contracts/src/billing.ts), the call the one its screen makes.
   */
  const PROBES: Record<
    'hasAdvancedAnalytics' | 'hasClaimInsights' | 'hasDbqAccess' | 'hasTemplateLibrary' | 'hasPrioritySupport',
    (c: TestClient) => Promise<boolean>
  > = {
    hasAdvancedAnalytics: async (c) => (await c.get('/api/analytics')).status === 200,
    hasClaimInsights: async (c) => (await c.get('/api/strategy/predictions')).status === 200,
    hasDbqAccess: async (c) => (await c.get('/api/dbqs')).status === 200,
    // The plan is checked before the form: a paid plan gets to the form's validation (400).
    hasTemplateLibrary: async (c) => (await c.post('/api/pdforge/generate', { templateId: 'nexus-letter', formData: {} })).status !== 403,
    // Every plan may write to support; what the card sells is the place in the queue.
    hasPrioritySupport: async (c) => {
      const opened = await c.post('/api/support-requests', { subject: 'Plan check', message: 'Which queue am I in?' });
      expect(opened.status).toBe(201);
      // The queue (as support sees it) places the request by the plan it was opened on.
      const queued = await eventually(
        async () => (await admin.get(`/api/staff/support-requests/${opened.data.id}`)).data as { priority?: number },
        (r) => r.priority !== undefined,
      );
      return queued.priority! < 3;
    },
  };

  it.each([
    ['free', () => free],
    ['basic', () => basic],
    ['pro', () => pro],
  ] as const)('the %s plan gets from the server exactly what its card (and the cards below it) say', async (tier, client) => {
    const plans = (await client().get('/api/subscription-plans')).data as SubscriptionPlan[];
    const order = plans.map((p) => p.tierName);
    const card = plans.find((p) => p.tierName === tier)!;
    expect(card.features).toEqual(planFeatures(tier).map((f) => f.label));
    // "Everything in Basic": a card sells its own lines and those of the cheaper cards.
    const sold = new Set<keyof MemberTierFlags>(
      order.slice(0, order.indexOf(tier) + 1).flatMap((name) => planFeatures(name as typeof tier).flatMap((f) => f.requires ?? [])),
    );
    const answered: Record<string, boolean> = {};
    for (const [flag, probe] of Object.entries(PROBES)) answered[flag] = await probe(client());
    expect(answered).toEqual(Object.fromEntries(Object.keys(PROBES).map((flag) => [flag, sold.has(flag as keyof MemberTierFlags)])));
  });

  it.each([
    ['Free', () => free],
    ['Basic', () => basic],
  ])('refuses %s with 403 Upgrade Required naming the Pro plan', async (_tier, client) => {
    const claim = (await client().post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    for (const url of [`/api/claims/${claim.id}/strategy`, '/api/strategy/predictions']) {
      const res = await client().get(url);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(res.data).toMatchObject({ title: 'Upgrade Required', upgrade: true, feature: 'hasClaimInsights', plans: ['pro'] });
    }
  });

  it('plans an open claim with a weak nexus: the nexus step, its gain, and the tool that does it', async () => {
    const claim = (await pro.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    await upload(pro, 'Dr Okafor letter.txt', corpus('nexus-weak-tinnitus.txt'), claim.id, 'nexus-letter');
    const strategy = await strategyUntil(pro, claim.id, (s) => s.steps.some((step) => step.element === 'nexus' && step.state === 'weak'));
    expect(strategy).toMatchObject({
      claimId: claim.id,
      stage: 'open',
      review: null,
      disclaimer: expect.stringMatching(/not a VA decision/),
    });
    const nexus = strategy.steps.find((s) => s.element === 'nexus')!;
    expect(nexus.gain).toBeGreaterThan(0);
    expect(nexus.actions.map((a) => a.kind)).toContain('nexus-letter');
    expect(nexus.actions.find((a) => a.kind === 'nexus-letter')!.href).toMatch(/^\/templates\?tab=pdfforge&template=nexus-letter&claimId=/);
    // Biggest effect on readiness first.
    expect(strategy.steps.map((s) => s.gain)).toEqual([...strategy.steps.map((s) => s.gain)].sort((a, b) => b - a));
    const evidence = (await pro.get(`/api/claims/${claim.id}/evidence`)).data as { readiness: number };
    expect(strategy.steps.every((s) => s.readinessAfter === evidence.readiness + s.gain)).toBe(true);
    // A new claim: estimated from VA's dated national average (123.4 days in March 2019, reference data).
    expect(strategy.decisionWindow).toMatchObject({
      estimable: true,
      expectedBy: addDays(claim.filedAt.slice(0, 10), 123),
      basedOn: expect.stringContaining('123.4 days in March 2019'),
      disclaimer: 'This is an estimate, not a VA decision.',
    });
    // Tinnitus (DC 6260) has one level, 10 %: granted alone, 0 % becomes 10 %.
    expect(strategy.prediction).toMatchObject({ current: { rating: 0 }, ifGranted: { rating: 10 } });
    expect(strategy.prediction!.assumptions).toEqual([
      expect.objectContaining({ claimId: claim.id, rating: 10, basis: 'lowest-compensable' }),
    ]);
    // Another user's claim does not exist for them; a bad id is not found either.
    expect((await other.get(`/api/claims/${claim.id}/strategy`)).status).toBe(404);
    expect((await pro.get('/api/claims/not-an-id/strategy')).status).toBe(404);
  }, 60_000);

  it('a denied claim with a document added after the decision: the Supplemental Claim fits, with its deadline', async () => {
    const today = utcDay(new Date());
    const decided = addDays(today, -60);
    const claim = (await pro.post('/api/claims', { condition: 'Knee condition', conditionType: 'primary' })).data;
    expect((await pro.put(`/api/claims/${claim.id}/status`, { status: 'denied', decisionDate: decided })).status).toBe(200);
    const before = await strategyUntil(pro, claim.id, (s) => s.stage === 'decided');
    expect(before.review!.lanes.map((l) => [l.kind, l.fit])).toEqual([
      ['supplemental_claim', 'possible'],
      ['higher_level_review', 'fits'],
      ['board_appeal', 'possible'],
    ]);
    expect(before.review!.lanes[2]!.docket!.docket).toBe('direct_review');

    const letter = await upload(pro, 'private knee record.txt', corpus('private-record-left-knee.txt'), claim.id);
    const after = await strategyUntil(pro, claim.id, (s) => s.review!.newEvidence.length === 1);
    expect(after.review!.newEvidence).toEqual([{ documentId: letter, fileName: 'private knee record.txt', addedOn: today }]);
    const [sc, hlr, board] = after.review!.lanes;
    expect(sc).toMatchObject({
      kind: 'supplemental_claim',
      fit: 'fits',
      form: '20-0995',
      deadlinePassed: false,
      deadline: { kind: 'supplemental_claim', dueDate: addYears(decided, 1), countedFrom: decided, basis: '38 CFR 3.2500(h), 3.2501' },
    });
    expect(sc!.why).toContain('"private knee record.txt"');
    expect(sc!.citations).toContain('38 CFR 3.2501');
    expect(hlr).toMatchObject({ fit: 'possible', deadline: { dueDate: addYears(decided, 1) } });
    expect(board).toMatchObject({ fit: 'possible', docket: { docket: 'evidence_submission' } });
    expect(after.summary).toBe('VA decided this claim. What fits next: Supplemental Claim, for the reasons below.');
    expect(after).toMatchObject({ steps: [], decisionWindow: null, prediction: null });
  }, 60_000);

  it('predicts the combined rating and monthly amount as a range, at entered ratings or the lowest compensable level', async () => {
    const vet = app.client();
    await grantTier(admin, vet, (await vet.register('strategy.range@example.org')).id, 'pro');
    const back = (await vet.post('/api/claims', { condition: 'Lumbar strain', conditionType: 'primary' })).data;
    await vet.put(`/api/claims/${back.id}/status`, { status: 'approved', decisionDate: addDays(utcDay(new Date()), -30) });
    expect((await vet.put(`/api/claims/${back.id}/rating`, { ratingPercentage: 50 })).status).toBe(200);
    const tinnitus = (await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    await upload(vet, 'Dr Okafor letter.txt', corpus('nexus-weak-tinnitus.txt'), tinnitus.id, 'nexus-letter');
    const ptsd = (await vet.post('/api/claims', { condition: 'PTSD', conditionType: 'primary' })).data;

    const read = async (assume?: Record<string, number>) => {
      const res = await vet.get(`/api/strategy/predictions${assume ? `?assume=${encodeURIComponent(JSON.stringify(assume))}` : ''}`);
      expect(res.status).toBe(200);
      return res.data as PredictionsOverview;
    };
    const plain = await eventually(read, (p) => p.prediction.current.rating === 50 && p.prediction.ifGranted.rating === 60, 15_000);
    // 50 granted; tinnitus at 10 (DC 6260): 50 + 10 → 55 → 60. PTSD has no code yet: left out, and said so.
    expect(plain.prediction).toMatchObject({ current: { rating: 50, value: 50 }, ifGranted: { rating: 60, value: 55 } });
    expect(plain.prediction.current.monthly).toBeGreaterThan(0);
    expect(plain.prediction.ifGranted.monthly).toBeGreaterThan(plain.prediction.current.monthly);
    expect(plain.prediction.assumptions.map((a) => [a.claimId, a.rating, a.basis])).toEqual([
      [tinnitus.id, 10, 'lowest-compensable'],
      [ptsd.id, null, 'unknown'],
    ]);
    expect(plain.prediction.disclaimer).toBe('This is an estimate, not a VA decision.');
    expect(plain.windows.map((w) => [w.claimId, w.estimable])).toEqual([
      [tinnitus.id, true],
      [ptsd.id, true],
    ]);

    // The veteran expects 30 for PTSD: 50, 30, 10 → 65 → 69 → 70.
    const entered = await read({ [ptsd.id]: 30 });
    expect(entered.prediction).toMatchObject({ current: { rating: 50 }, ifGranted: { rating: 70, value: 69 } });
    expect(entered.prediction.assumptions.find((a) => a.claimId === ptsd.id)).toMatchObject({ rating: 30, basis: 'entered' });

    for (const bad of ['{"x":30}', `{"${ptsd.id}":35}`, `{"${ptsd.id}":"30"}`, 'not json']) {
      const res = await vet.get(`/api/strategy/predictions?assume=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
  }, 60_000);
});
