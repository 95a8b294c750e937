import { comparePositions, type Knex } from '@cc/platform';
import { INLINE_READ_MODELS } from '@cc/projection-service';
import { lockProjection } from '@cc/projection-service/runner/projectionLock';
import { uploadFile } from '@cc/gateway/testing/erasure';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * The views a veteran reads right after a command (the claim, the document repository, the
 * profile) are kept in the append's transaction: the command's answer and the very next GET see
 * its effect with no asynchronous projector applying anything.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const BEHIND = 'read models are behind';

/** Every subscription's checkpoint, to show that none of them applied what the commands wrote. */
async function asyncCheckpoints(app: TestApp) {
  const { knex } = app.system;
  const rows: { name: string; tx: string; seq: string }[] = await knex('subscription_checkpoints')
    .whereLike('name', 'projection:%')
    .select('name', knex.raw('tx_id::text as tx'), knex.raw('seq::text as seq'));
  return rows.map((row) => ({ name: row.name, position: { txId: BigInt(row.tx), seq: BigInt(row.seq) } }));
}

describe('views kept inline, with every asynchronous projector stopped', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    // Before anyone signs up: nothing asynchronous applies a single event of this test.
    await app.system.projections.runner.stop();
    vet = app.client();
    await vet.register('inline.vet@example.org', undefined, { firstName: 'Ines', lastName: 'Lindqvist' });
  });
  afterAll(async () => app.close());

  it('shows a profile change in the very next GET', async () => {
    expect(app.system.projections.runner.isRunning()).toBe(false);
    expect((await vet.get('/api/auth/user')).data).toMatchObject({ email: 'inline.vet@example.org', firstName: 'Ines' });

    const changed = await vet.put('/api/auth/profile', { name: 'Ines Lindqvist', bio: 'Army medic, 1991 to 1995', yearsServed: 4 });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ bio: 'Army medic, 1991 to 1995', yearsServed: 4 });
    expect((await vet.get('/api/auth/user')).data).toMatchObject({ bio: 'Army medic, 1991 to 1995', yearsServed: 4 });
  });

  it('shows a status change in the very next GET', async () => {
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;

    const changed = await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: 'Records requested' });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ id: claimId, status: 'evidence_review' });

    const detail = await vet.get(`/api/claims/${claimId}`);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({ status: 'evidence_review' });
    expect(detail.data.notes).toEqual([
      expect.objectContaining({ note: expect.stringMatching(/^Status changed to: .*\nRecords requested$/) }),
    ]);
    const history = await vet.get(`/api/claims/${claimId}/history`);
    expect(history.data.map((entry: { title: string }) => entry.title)).toEqual(expect.arrayContaining(['Claim filed', 'Status changed']));
  });

  it('shows an uploaded document, its link to a claim and its deletion in the very next GET', async () => {
    const claim = await vet.post('/api/claims', { condition: 'Lower back strain', conditionType: 'primary' });
    const documentId = await uploadFile(vet, 'service-treatment-records.pdf', PDF, 'application/pdf');

    const listed = await vet.get('/api/documents');
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([expect.objectContaining({ id: documentId, fileName: 'service-treatment-records.pdf', claimId: null })]);

    const linked = await vet.put(`/api/documents/${documentId}/claim`, { claimId: claim.data.id });
    expect(linked.status).toBe(200);
    expect(linked.data).toMatchObject({ id: documentId, claimId: claim.data.id, claimCondition: 'Lower back strain' });
    expect((await vet.get(`/api/documents/${documentId}`)).data).toMatchObject({ claimId: claim.data.id });
    expect((await vet.get(`/api/claims/${claim.data.id}`)).data.documents).toEqual([expect.objectContaining({ id: documentId })]);

    expect((await vet.request('DELETE', `/api/documents/${documentId}`)).status).toBe(204);
    expect((await vet.get(`/api/documents/${documentId}`)).status).toBe(404);
    expect((await vet.get('/api/documents')).data).toEqual([]);
  });

  it('applied none of it asynchronously: every subscription is short of the last command, and the inline views have none', async () => {
    const head = await app.system.store.headPosition();
    const checkpoints = await asyncCheckpoints(app);
    expect(checkpoints.length).toBeGreaterThan(5);
    expect(checkpoints.filter((c) => comparePositions(c.position, head) >= 0).map((c) => c.name)).toEqual([]);
    expect(checkpoints.filter((c) => INLINE_READ_MODELS.includes(c.name.split(':')[1]!)).map((c) => c.name)).toEqual([]);
  });
});

describe('read-your-writes for views kept inline', () => {
  let app: TestApp;
  let vet: TestClient;
  let release: () => void = () => undefined;
  let holder: Promise<void> | undefined;

  beforeAll(async () => {
    // A wait that cannot end times out quickly and says so in the log (the one line looked for). The
    // notifications worker, which waits for every read model before it reads the user, stays off.
    app = await startTestApp({ readYourWritesTimeoutMs: 500, notificationsWorker: false });
    vet = app.client();
  });
  afterAll(async () => {
    release();
    await holder;
    await app.close();
  });

  /**
   * Running, but stalled: every asynchronous projector waits for its lock, so the session's wait for
   * any of them could only time out. The views kept inline need none of them.
   */
  async function stallEveryAsynchronousProjector() {
    const { runner } = app.system.projections;
    const asynchronous = runner.projectors.map((p) => p.name).filter((name) => !runner.isInline(name));
    expect(asynchronous.length).toBeGreaterThan(5);
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    holder = app.system.knex.transaction(async (trx: Knex.Transaction) => {
      for (const name of asynchronous) await lockProjection(trx, name);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
  }

  it('signing up, a command on a claim, a document or the profile, and the next GET of it, wait for no asynchronous projector', async () => {
    await stallEveryAsynchronousProjector();
    const { id } = await vet.register('inline.wait@example.org');
    expect((await vet.get('/api/auth/user')).data).toMatchObject({ id, email: 'inline.wait@example.org' });

    const documentId = await uploadFile(vet, 'dd214.pdf', PDF, 'application/pdf');
    expect((await vet.get('/api/documents')).data).toEqual([expect.objectContaining({ id: documentId, fileName: 'dd214.pdf' })]);

    const profile = await vet.put('/api/auth/profile', { name: 'Wade Inman', phone: '555-0142' });
    expect(profile.status).toBe(200);
    expect((await vet.get('/api/auth/user')).data).toMatchObject({ firstName: 'Wade', phone: '555-0142' });

    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;
    expect((await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review' })).status).toBe(200);
    expect((await vet.put(`/api/documents/${documentId}/claim`, { claimId })).status).toBe(200);
    expect((await vet.get(`/api/claims/${claimId}`)).data).toMatchObject({
      status: 'evidence_review',
      documents: [expect.objectContaining({ id: documentId })],
    });
    expect((await vet.get(`/api/documents/${documentId}`)).data).toMatchObject({ claimId, claimCondition: 'Tinnitus' });

    expect((await vet.request('DELETE', `/api/documents/${documentId}`)).status).toBe(204);
    expect((await vet.get('/api/documents')).data).toEqual([]);

    expect(app.logs.filter((line) => line.includes(BEHIND))).toEqual([]);
  });
});
