import { comparePositions } from '@cc/platform';
import { INLINE_READ_MODELS } from '@cc/projection-service';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * The claim views are kept in the append's transaction: a veteran's command and the very next GET
 * see its effect with no projector subscription running at all.
 */
describe('claim views kept inline', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('inline.vet@example.org');
  });
  afterAll(async () => app.close());

  it('shows a status change in the very next GET with every asynchronous projector stopped', async () => {
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const claimId = filed.data.id as string;

    const { runner } = app.system.projections;
    await runner.stop();
    expect(runner.isRunning()).toBe(false);

    const changed = await vet.put(`/api/claims/${claimId}/status`, { status: 'evidence_review', note: 'Records requested' });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ id: claimId, status: 'evidence_review' });
    const head = await app.system.store.headPosition();

    const detail = await vet.get(`/api/claims/${claimId}`);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({ status: 'evidence_review' });
    expect(detail.data.notes).toEqual([
      expect.objectContaining({ note: expect.stringMatching(/^Status changed to: .*\nRecords requested$/) }),
    ]);
    const history = await vet.get(`/api/claims/${claimId}/history`);
    expect(history.data.map((entry: { title: string }) => entry.title)).toEqual(expect.arrayContaining(['Claim filed', 'Status changed']));

    // Nothing asynchronous applied the change: every subscription's checkpoint is short of it.
    const checkpoints: { name: string; tx: string; seq: string }[] = await app.system
      .knex('subscription_checkpoints')
      .whereLike('name', 'projection:%')
      .select('name', app.system.knex.raw('tx_id::text as tx'), app.system.knex.raw('seq::text as seq'));
    expect(checkpoints.length).toBeGreaterThan(5);
    const applied = checkpoints.filter((c) => comparePositions({ txId: BigInt(c.tx), seq: BigInt(c.seq) }, head) >= 0);
    expect(applied.map((c) => c.name)).toEqual([]);
    // And none of them is a claim view's: those have no subscription.
    expect(checkpoints.filter((c) => INLINE_READ_MODELS.includes(c.name.split(':')[1]!)).map((c) => c.name)).toEqual([]);
  });
});
