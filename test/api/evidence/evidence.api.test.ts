import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dumpTables, freshBuild } from '@cc/gateway/testing/readModels';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';
import { mapUntil } from './evidenceMap';

/** The evidence map over real HTTP: real text documents, linked, analysed by the offline engine, read back as the evidence map. */

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name));

async function upload(client: TestClient, fileName: string, body: Buffer, claimId: string) {
  const address = await client.post('/api/objects/upload', {});
  const url = address.data.uploadURL as string;
  expect((await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': 'text/plain' } })).status).toBe(
    201,
  );
  const res = await client.put('/api/documents', { documentURL: url, fileName, fileType: 'text/plain', fileSize: body.length, claimId });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

type Element = {
  element: string;
  state: string;
  reason: string;
  items: { documentId: string; fileName: string; quote: string }[];
  nextSteps: { kind: string; href: string }[];
};
const stateOf = (map: { elements: Element[] }, name: string) => map.elements.find((e) => e.element === name)!;

describe('evidence map API', () => {
  let app: TestApp;
  let admin: TestClient;
  let vet: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'evidence.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('evidence.admin@example.org');
    vet = app.client();
    const user = await vet.register('evidence.vet@example.org');
    await grantTier(admin, vet, user.id, 'pro');
    other = app.client();
    await other.register('evidence.other@example.org');
  });
  afterAll(async () => app.close());

  it('maps real documents to the three elements, loses the evidence of a deleted document, and shows the earlier map with ?at=', async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Knee condition', conditionType: 'primary' })).data;
    const empty = await mapUntil(vet, claim.id, () => true);
    expect(empty).toMatchObject({ claimId: claim.id, readiness: 0, updatedAt: expect.any(String) });
    expect(empty.elements.map((e: Element) => [e.element, e.state])).toEqual([
      ['diagnosis', 'missing'],
      ['in-service', 'missing'],
      ['nexus', 'missing'],
    ]);

    // A lay statement alone: the event is described, the diagnosis stays missing, the DBQ is the next step.
    const lay = await upload(vet, 'my statement.txt', corpus('lay-statement-knee-injury.txt'), claim.id);
    expect((await vet.post(`/api/documents/${lay}/analyze`, { analysisType: 'service-connection' })).status).toBe(200);
    const afterLay = await mapUntil(vet, claim.id, (m) => stateOf(m, 'in-service').state === 'proven');
    expect(stateOf(afterLay, 'diagnosis').state).toBe('missing');
    expect(stateOf(afterLay, 'diagnosis').nextSteps[0]).toMatchObject({ kind: 'dbq', href: '/templates?tab=dbqs&dbq=21-0960M-9' });
    expect(stateOf(afterLay, 'in-service').items[0]).toMatchObject({
      documentId: lay,
      fileName: 'my statement.txt',
      quote: expect.any(String),
    });

    // A VA primary care note diagnoses the knee.
    const note = await upload(vet, 'VA primary care.txt', corpus('va-primary-care-knee-gap.txt'), claim.id);
    expect((await vet.post(`/api/documents/${note}/analyze`, { analysisType: 'medical' })).status).toBe(200);
    const withNote = await mapUntil(vet, claim.id, (m) => stateOf(m, 'diagnosis').state === 'proven');
    expect(stateOf(withNote, 'diagnosis').items.map((i) => i.documentId)).toContain(note);
    expect(withNote.readiness).toBeGreaterThan(afterLay.readiness);

    const history = await vet.get(`/api/claims/${claim.id}/evidence?at=1`);
    expect(history.status).toBe(200);
    expect(history.data).toMatchObject({ version: 1, readiness: 0 });

    // Deleting the note takes its evidence away; the map as it was before the deletion is still there.
    const versionsBefore = (await vet.get(`/api/claims/${claim.id}/evidence?at=1`)).data.versions as number;
    expect((await vet.request('DELETE', `/api/documents/${note}`)).status).toBe(204);
    const afterDelete = await mapUntil(vet, claim.id, (m) => stateOf(m, 'diagnosis').state === 'missing');
    expect(JSON.stringify(afterDelete)).not.toContain(note);
    const earlier = await vet.get(`/api/claims/${claim.id}/evidence?at=${versionsBefore}`);
    expect(earlier.status).toBe(200);
    expect(stateOf(earlier.data, 'diagnosis')).toMatchObject({ state: 'proven' });
    expect(earlier.data.readiness).toBe(withNote.readiness);

    // The readiness list for the dashboard card, worst first.
    const second = (await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    await mapUntil(vet, second.id, () => true);
    const list = await vet.get('/api/evidence/readiness');
    expect(list.status).toBe(200);
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([second.id, claim.id]);
    expect(list.headers.get('content-range')).toBe('readiness 0-1/2');

    // Rebuilding the evidence read model from the log gives the same maps.
    await app.system.settled(30_000);
    const tables = ['evidence_claims', 'evidence_documents', 'evidence_maps'];
    const [now, fresh] = [await dumpTables(app.system.knex, tables), await freshBuild(app.system.knex, tables)];
    expect(now.evidence_maps).toHaveLength(2);
    for (const table of tables) expect({ table, rows: now[table] }).toEqual({ table, rows: fresh[table] });
  }, 120_000);

  it("answers 404 for another user's claim, and 400 for a bad version", async () => {
    const claim = (await vet.post('/api/claims', { condition: 'PTSD', conditionType: 'primary' })).data;
    await mapUntil(vet, claim.id, () => true);
    const res = await other.get(`/api/claims/${claim.id}/evidence`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await other.get(`/api/claims/${claim.id}/evidence?at=1`)).status).toBe(404);
    expect((await vet.get(`/api/claims/${claim.id}/evidence?at=zero`)).status).toBe(400);
    expect((await vet.get(`/api/claims/${claim.id}/evidence?at=999`)).status).toBe(404);
  });

  it("shows staff the owner's map read-only, now and at a version, and logs each read", async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Knee condition', conditionType: 'primary' })).data;
    const lay = await upload(vet, 'statement.txt', corpus('lay-statement-knee-injury.txt'), claim.id);
    expect((await vet.post(`/api/documents/${lay}/analyze`, { analysisType: 'service-connection' })).status).toBe(200);
    const mine = await mapUntil(vet, claim.id, (m) => stateOf(m, 'in-service').state === 'proven');

    const staffView = await admin.get(`/api/staff/claims/${claim.id}/evidence`);
    expect(staffView.status).toBe(200);
    expect(staffView.data).toEqual(mine);
    const first = await admin.get(`/api/staff/claims/${claim.id}/evidence?at=1`);
    expect(first.status).toBe(200);
    expect(first.data).toEqual((await vet.get(`/api/claims/${claim.id}/evidence?at=1`)).data);
    expect(first.data).toMatchObject({ version: 1, readiness: 0 });
    expect((await admin.get(`/api/staff/claims/${claim.id}/evidence?at=999`)).status).toBe(404);
    expect((await admin.get(`/api/staff/claims/${claim.id}/evidence?at=0`)).status).toBe(400);
    expect((await admin.get(`/api/staff/claims/${claim.id}/evidence?x=1`)).status).toBe(400);
    expect((await admin.get('/api/staff/claims/00000000-0000-4000-8000-000000000000/evidence')).status).toBe(404);
    // The veteran has no staff access, not even to their own claim's staff route.
    expect((await vet.get(`/api/staff/claims/${claim.id}/evidence`)).status).toBe(403);

    const log = await admin.get(`/api/staff/access-log?filter=${encodeURIComponent(JSON.stringify({ claimId: claim.id }))}`);
    expect(log.status).toBe(200);
    expect(log.data.map((e: { endpoint: string; version: number | null }) => [e.endpoint, e.version]).sort()).toEqual([
      ['GET /api/staff/claims/{id}/evidence', null],
      ['GET /api/staff/claims/{id}/evidence?at', 1],
    ]);
  }, 60_000);
});
