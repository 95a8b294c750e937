import { startStaffApp, type StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

const NOTE = Buffer.from('VA Medical Center progress note. 03/14/2015: Assessment: tinnitus. Hearing loss noted since service.\n');

async function upload(client: TestClient, fileName: string, claimId?: string) {
  const address = await client.post('/api/objects/upload', {});
  expect(address.status).toBe(200);
  const put = await client.request('PUT', address.data.uploadURL, {
    body: NOTE as unknown as string,
    headers: { 'content-type': 'text/plain' },
  });
  expect(put.status).toBe(201);
  const res = await client.put('/api/documents', {
    documentURL: address.data.uploadURL,
    fileName,
    fileType: 'text/plain',
    fileSize: NOTE.length,
    claimId,
  });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

/** The detail without what only says when it was read. */
const comparable = (detail: Record<string, unknown>) => {
  const { version: _version, asOf: _asOf, ...rest } = detail;
  return rest;
};

describe('staff audit of claims', () => {
  let staff: StaffApp;
  let veteran: TestClient & { id: string };
  let claimId: string;

  beforeAll(async () => {
    staff = await startStaffApp({}, 'audit');
    veteran = await staff.member('audit.veteran@example.org', 'pro', { firstName: 'Vera', lastName: 'Veteran' });
  });
  afterAll(async () => staff.app.close());

  it('time travel: the claim at every version equals the detail as it was read right after that version', async () => {
    const { adjudicator, app } = staff;
    /** After each change: the detail an adjudicator reads, and how long the history is. */
    const seen: { version: number; detail: Record<string, unknown> }[] = [];
    const observe = async () => {
      await app.system.readModelsCaughtUp();
      const history = await adjudicator.get(`/api/staff/claims/${claimId}/history`);
      expect(history.status).toBe(200);
      const detail = await adjudicator.get(`/api/staff/claims/${claimId}`);
      expect(detail.status).toBe(200);
      seen.push({ version: history.data.length, detail: detail.data });
    };

    const filed = await veteran.post('/api/claims', {
      condition: 'Tinnitus',
      conditionType: 'primary',
      nextAction: 'Get a hearing test',
      estimatedDecisionDate: '2031-03-01',
    });
    expect(filed.status).toBe(201);
    claimId = filed.data.id;
    await observe();
    expect((await veteran.put(`/api/claims/${claimId}/status`, { status: 'initial_review', note: 'Sent to the VA' })).status).toBe(200);
    await observe();
    expect(
      (await veteran.post(`/api/claims/${claimId}/notes`, { note: 'Called the VSO', noteType: 'communication', isImportant: true })).status,
    ).toBe(201);
    await observe();
    expect(
      (
        await veteran.request('PATCH', `/api/claims/${claimId}`, {
          json: { priority: 'high', nextAction: 'Buddy statement', estimatedDecisionDate: '2031-05-01' },
        })
      ).status,
    ).toBe(200);
    await observe();
    const linkedAtUpload = await upload(veteran, 'hearing-test.txt', claimId);
    await observe();
    const analysed = await veteran.post(`/api/documents/${linkedAtUpload}/analyze`, { analysisType: 'medical' });
    expect(analysed.status).toBe(200);
    await observe();
    const linkedLater = await upload(veteran, 'buddy-letter.txt');
    expect((await veteran.put(`/api/documents/${linkedLater}/claim`, { claimId })).status).toBe(200);
    await observe();
    expect((await veteran.request('DELETE', `/api/documents/${linkedLater}`)).status).toBe(204);
    await observe();
    expect((await veteran.put(`/api/claims/${claimId}/status`, { status: 'approved' })).status).toBe(200);
    await observe();
    expect((await veteran.put(`/api/claims/${claimId}/rating`, { ratingPercentage: '10' })).status).toBe(200);
    await observe();

    const history = (await adjudicator.get(`/api/staff/claims/${claimId}/history`)).data as { version: number }[];
    expect(history.map((e) => e.version)).toEqual(history.map((_, i) => i + 1));
    expect(seen.at(-1)!.version).toBe(history.length);
    expect(new Set(seen.map((s) => s.version)).size).toBe(seen.length);
    for (const { version, detail } of seen) {
      const past = await adjudicator.get(`/api/staff/claims/${claimId}/history?at=${version}`);
      expect(past.status).toBe(200);
      expect({ version, claim: comparable(past.data) }).toEqual({ version, claim: detail });
      expect(past.data.version).toBe(version);
    }
    // Versions between two reads are states too: the document's upload came in two events.
    const first = await adjudicator.get(`/api/staff/claims/${claimId}/history?at=1`);
    expect(first.data).toMatchObject({
      status: 'submitted',
      notes: [],
      documents: [],
      priority: 'normal',
      owner: { id: veteran.id, name: 'Vera Veteran' },
    });

    // Outside the history, or not a number: refused, and nothing is answered.
    expect((await adjudicator.get(`/api/staff/claims/${claimId}/history?at=${history.length + 1}`)).status).toBe(404);
    expect((await adjudicator.get(`/api/staff/claims/${claimId}/history?at=0`)).status).toBe(400);
    expect((await adjudicator.get(`/api/staff/claims/${claimId}/history?at=two`)).status).toBe(400);
  }, 120_000);

  it('the history: every event of the claim and of its documents, in order, with actor, summary and old → new', async () => {
    const history = (await staff.adjudicator.get(`/api/staff/claims/${claimId}/history`)).data as any[];
    expect(history.map((e) => e.type)).toEqual([
      'ClaimFiled',
      'ClaimStatusChanged',
      'ClaimNoteAdded',
      'ClaimPriorityChanged',
      'ClaimNextActionChanged',
      'ClaimDecisionDateEstimated',
      'DocumentRegistered',
      'ClaimDocumentAdded',
      'DocumentAnalysisRequested',
      'DocumentAnalysisCompleted',
      'DocumentRegistered',
      'DocumentLinkedToClaim',
      'ClaimDocumentAdded',
      'DocumentDeleted',
      'ClaimStatusChanged',
      'ClaimRatingChanged',
    ]);
    expect(history[1]).toMatchObject({
      summary: 'Status changed: Sent to the VA',
      actor: { id: veteran.id, name: 'Vera Veteran', role: 'veteran' },
      changes: [
        { field: 'Status', from: 'Submitted', to: 'Initial Review' },
        { field: 'Progress', from: '10%', to: '25%' },
      ],
    });
    expect(history[9]).toMatchObject({ type: 'DocumentAnalysisCompleted', actor: { id: null, role: 'system', name: 'Claims Copilot' } });
    expect(history[9].changes[0]).toEqual({ field: 'Processing status', from: 'processing', to: 'completed' });
    expect(history[15].changes).toEqual([{ field: 'Rating', from: null, to: '10%' }]);
    for (const entry of history) {
      expect(entry).toEqual(
        expect.objectContaining({
          eventId: expect.any(String),
          streamId: expect.stringMatching(/^(claim|document)-/),
          streamVersion: expect.any(Number),
          position: expect.stringMatching(/^\d+\.\d+$/),
          occurredAt: expect.any(String),
        }),
      );
    }

    const csv = await staff.adjudicator.get(`/api/staff/claims/${claimId}/history.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="claim-\d{4}-\d{3}-history\.csv"$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('version,occurredAt,type,actorName,actorRole,actorId,summary,changes,eventId,streamId,streamVersion,position');
    expect(lines).toHaveLength(history.length + 1);
    expect(lines[2]).toContain('Status: Submitted → Initial Review; Progress: 10% → 25%');
  });

  it('the claims list: every user’s claims with owner, filtered by condition, claim number, owner name or e-mail, status and user', async () => {
    const other = await staff.member('audit.other@example.org', 'free', { firstName: 'Olga', lastName: 'Other' });
    const knee = await other.post('/api/claims', { condition: 'Knee strain', conditionType: 'secondary' });
    expect(knee.status).toBe(201);
    const list = async (filter: Record<string, unknown>) => {
      const res = await staff.adjudicator.get(
        `/api/staff/claims?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["condition","ASC"]')}&range=${encodeURIComponent('[0,24]')}`,
      );
      expect(res.status).toBe(200);
      return res.data as any[];
    };
    expect((await list({})).map((c) => [c.condition, c.ownerName, c.ownerEmail])).toEqual([
      ['Knee strain', 'Olga Other', 'audit.other@example.org'],
      ['Tinnitus', 'Vera Veteran', 'audit.veteran@example.org'],
    ]);
    expect((await list({ q: 'knee' })).map((c) => c.id)).toEqual([knee.data.id]);
    expect((await list({ q: 'vera' })).map((c) => c.id)).toEqual([claimId]);
    expect((await list({ q: 'audit.other@' })).map((c) => c.id)).toEqual([knee.data.id]);
    expect((await list({ q: knee.data.claimNumber })).map((c) => c.id)).toContain(knee.data.id);
    expect((await list({ status: 'approved' })).map((c) => c.id)).toEqual([claimId]);
    expect((await list({ userId: other.id })).map((c) => c.id)).toEqual([knee.data.id]);
    const refused = await staff.adjudicator.get(`/api/staff/claims?filter=${encodeURIComponent('{"userId":"nobody"}')}`);
    expect(refused.status).toBe(400);
  });

  it('records every staff read (who, when, which claim, which endpoint), none of the owner’s own; the owner sees role and date, not the name', async () => {
    const { admin, adjudicator, member } = staff;
    // An adjudicator who is also a veteran reads their own claim: not staff access.
    const both = await member('audit.both@example.org', 'adjudicators', { firstName: 'Bo', lastName: 'Th' });
    const own = await both.post('/api/claims', { condition: 'Own claim', conditionType: 'primary' });
    expect((await both.get(`/api/staff/claims/${own.data.id}`)).status).toBe(200);
    expect((await both.get(`/api/staff/claims/${own.data.id}/history`)).status).toBe(200);
    expect((await veteran.get(`/api/claims/${claimId}/history`)).status).toBe(200);
    expect((await veteran.get(`/api/claims/${claimId}`)).status).toBe(200);

    const before = await admin.get(
      `/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId }))}&range=${encodeURIComponent('[0,999]')}`,
    );
    expect(before.status).toBe(200);
    const count = before.data.length;
    expect(count).toBeGreaterThan(20);
    expect(
      before.data.every(
        (e: any) =>
          e.staffId === adjudicator.id && e.staffRole === 'adjudicator' && e.staffName === 'Ada Judge' && e.ownerId === veteran.id,
      ),
    ).toBe(true);
    expect(new Set(before.data.map((e: any) => e.endpoint))).toEqual(
      new Set([
        'GET /api/staff/claims/{id}',
        'GET /api/staff/claims/{id}/history',
        'GET /api/staff/claims/{id}/history?at',
        'GET /api/staff/claims/{id}/history.csv',
      ]),
    );
    expect(before.data.filter((e: any) => e.endpoint.endsWith('?at')).every((e: any) => Number.isInteger(e.version))).toBe(true);
    const ownReads = await admin.get(`/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId: own.data.id }))}`);
    expect(ownReads.data).toEqual([]);

    // One more read is one more entry, seen at once by the reader's next request.
    expect((await admin.get(`/api/staff/claims/${claimId}`)).status).toBe(200);
    const after = await admin.get(
      `/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId }))}&range=${encodeURIComponent('[0,999]')}`,
    );
    expect(after.data).toHaveLength(count + 1);
    expect(after.data[0]).toMatchObject({
      staffId: admin.id,
      staffRole: 'administrator',
      endpoint: 'GET /api/staff/claims/{id}',
      claimNumber: expect.any(String),
      ownerName: 'Vera Veteran',
    });

    // The veteran's own history: "Viewed by staff" with the role and the date, never a name.
    const mine = await veteran.get(`/api/claims/${claimId}/history`);
    const views = mine.data.filter((e: any) => e.type === 'StaffViewed');
    expect(views.map((v: any) => v.actor.name).sort()).toEqual(['Staff (Adjudicator)', 'Staff (Administrator)']);
    for (const view of views) {
      expect(view).toMatchObject({ title: 'Viewed by staff', actor: { id: null }, at: expect.any(String) });
      expect(JSON.stringify(view)).not.toMatch(/Ada|Judge|audit\.admin|audit\.adjudicator/);
    }
    // Reading the veteran's history through the old endpoint is a staff read too.
    const countNow = after.data.length;
    expect((await adjudicator.get(`/api/claims/${claimId}/history`)).status).toBe(200);
    // Another session's read: recorded before it was answered, in the log once the projection has it.
    await staff.app.system.readModelsCaughtUp();
    const last = await admin.get(
      `/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId }))}&range=${encodeURIComponent('[0,999]')}`,
    );
    expect(last.data).toHaveLength(countNow + 1);
    expect(last.data[0]).toMatchObject({ endpoint: 'GET /api/claims/{id}/history', staffId: adjudicator.id });
    // Lists are recorded as one entry without a claim.
    const lists = await admin.get(
      `/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ staffId: adjudicator.id, q: 'GET /api/staff/claims' }))}&range=${encodeURIComponent('[0,999]')}`,
    );
    expect(lists.data.some((e: any) => e.endpoint === 'GET /api/staff/claims' && e.claimId === null && Number.isInteger(e.rows))).toBe(
      true,
    );
  });

  it('a staff read commits its log entry with its record, and leaves its session no projection to wait for', async () => {
    const { app, admin } = staff;
    const logOfAdmin = () =>
      admin.get(
        `/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId, staffId: admin.id }))}&range=${encodeURIComponent('[0,999]')}`,
      );
    const positions = () => app.system.knex('sessions').where({ user_id: admin.id }).orderBy('id_hash').pluck('last_position');
    await app.system.readModelsCaughtUp();
    const count = (await logOfAdmin()).data.length;
    const before = await positions();
    // With no projector running, only the read's own append can have written the entry.
    await app.system.projections.runner.stop();
    try {
      expect((await admin.get(`/api/staff/claims/${claimId}`)).status).toBe(200);
      const log = await logOfAdmin();
      expect(log.status).toBe(200);
      expect(log.data).toHaveLength(count + 1);
      expect(log.data[0]).toMatchObject({ endpoint: 'GET /api/staff/claims/{id}', staffRole: 'administrator' });
      expect(await positions()).toEqual(before);
    } finally {
      app.system.projections.runner.start();
    }
  });

  it('a read that cannot be recorded is not answered', async () => {
    const { app, adjudicator } = staff;
    await app.system.knex.raw('alter table events rename to events_away');
    try {
      const res = await adjudicator.get(`/api/staff/claims/${claimId}`);
      expect(res.status).toBe(503);
      expect(res.data).toMatchObject({ type: '/problems/access-not-recorded' });
      expect(JSON.stringify(res.data)).not.toContain('Tinnitus');
    } finally {
      await app.system.knex.raw('alter table events_away rename to events');
    }
  });
});
