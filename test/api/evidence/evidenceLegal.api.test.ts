import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decisionReviewDeadlines } from '@cc/contracts';
import { dumpTables, freshBuild } from '@cc/gateway/testing/readModels';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';
import { mapUntil } from './evidenceMap';

/**
 * The legal rules of the evidence map over real HTTP (docs/legal-rules.md): real corpus documents,
 * analysed by the offline engine, read back as the map; a decision turns it; a rebuild agrees.
 */

const corpus = (name: string) => readFileSync(path.resolve(__dirname, '../../../ai-worker/corpus', name));

type Element = {
  element: string;
  state: string;
  reason: string;
  items: { documentId: string; quote: string }[];
  nextSteps: { kind: string; label: string; href: string }[];
};
type EvidenceMap = {
  stage: string;
  readiness: number;
  readinessReason: string;
  elements: Element[];
  reviewDeadline: { kind: string; dueDate: string } | null;
};
const el = (map: EvidenceMap, name: string) => map.elements.find((e) => e.element === name)!;

describe('evidence map API: the legal rules', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'legal.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    const admin = app.client();
    await admin.signIn('legal.admin@example.org');
    vet = app.client();
    const user = await vet.register('legal.vet@example.org');
    await grantTier(admin, vet, user.id, 'pro');
  });
  afterAll(async () => app.close());

  async function upload(fileName: string, body: Buffer, claimId: string, analysisType: string) {
    const address = await vet.post('/api/objects/upload', {});
    const url = address.data.uploadURL as string;
    expect((await vet.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': 'text/plain' } })).status).toBe(
      201,
    );
    const res = await vet.put('/api/documents', { documentURL: url, fileName, fileType: 'text/plain', fileSize: body.length, claimId });
    expect(res.status).toBe(201);
    expect((await vet.post(`/api/documents/${res.data.id}/analyze`, { analysisType })).status).toBe(200);
    return res.data.id as string;
  }

  it('a negative C&P opinion is against the claim; denied, the map says what a Supplemental Claim needs and by when; granted, the decision established it', async () => {
    const claim = (await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    const cp = await upload('C&P opinion.txt', corpus('cp-opinion-negative-tinnitus.txt'), claim.id, 'nexus-letter');
    const against = await mapUntil(vet, claim.id, (m) => el(m, 'nexus').state !== 'missing');
    expect(el(against, 'nexus')).toMatchObject({
      state: 'against',
      items: [expect.objectContaining({ documentId: cp, quote: expect.stringContaining('most likely not related') })],
    });
    expect(el(against, 'nexus').nextSteps[0]).toMatchObject({ kind: 'nexus-letter' });
    expect(against.readinessReason).toMatch(/a nexus opinion is against the claim/);

    const denied = await vet.put(`/api/claims/${claim.id}/status`, { status: 'denied', decisionDate: '2024-02-29' });
    expect(denied.status).toBe(200);
    const map = await mapUntil(vet, claim.id, (m) => m.stage === 'denied');
    const due = decisionReviewDeadlines({ decisionDate: '2024-02-29' }).deadlines.find((d) => d.kind === 'supplemental_claim')!.dueDate;
    expect(map.reviewDeadline).toMatchObject({ kind: 'supplemental_claim', dueDate: due });
    expect(map.readinessReason).toContain(
      `File it by ${new Date(`${due}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })}`,
    );
    expect(el(map, 'nexus').reason).toMatch(/^For a Supplemental Claim, VA needs new and relevant evidence/);

    const readiness = (await vet.get('/api/evidence/readiness')).data as { id: string; stage: string }[];
    expect(readiness.find((r) => r.id === claim.id)).toMatchObject({ stage: 'denied' });

    // The history still shows the map before the decision.
    const before = await vet.get(`/api/claims/${claim.id}/evidence?at=1`);
    expect(before.data).toMatchObject({ stage: 'building', reviewDeadline: null });

    const granted = (await vet.post('/api/claims', { condition: 'Left knee strain', conditionType: 'primary' })).data;
    expect((await vet.put(`/api/claims/${granted.id}/status`, { status: 'approved', decisionDate: '2025-01-10' })).status).toBe(200);
    const grantedMap = await mapUntil(vet, granted.id, (m) => m.stage === 'granted');
    expect(grantedMap).toMatchObject({ readiness: 100, readinessReason: expect.stringMatching(/^VA granted service connection/) });
    expect(grantedMap.elements.map((e) => e.state)).toEqual(['established', 'established', 'established']);
  }, 120_000);

  it('a left-knee record does not prove a right-knee claim; a DMZ record from 1975 gives no presumption; hearing loss needs thresholds; a lay PTSD stressor is weak', async () => {
    const right = (await vet.post('/api/claims', { condition: 'Right knee condition', conditionType: 'primary' })).data;
    const ortho = await upload('ortho note.txt', corpus('private-record-left-knee.txt'), right.id, 'medical');
    // The map does not change for the other knee, so wait for the analysis itself, then for the read models.
    for (let i = 0; i < 300 && (await vet.get(`/api/documents/${ortho}`)).data.processingStatus !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 25));
    await app.system.readModelsCaughtUp(30_000);
    const rightMap = (await vet.get(`/api/claims/${right.id}/evidence`)).data as EvidenceMap;
    expect(el(rightMap, 'diagnosis')).toMatchObject({ state: 'missing', items: [] });
    const left = (await vet.post('/api/claims', { condition: 'Left knee condition', conditionType: 'primary' })).data;
    expect((await vet.put(`/api/documents/${ortho}/claim`, { claimId: left.id })).status).toBe(200);
    expect(el(await mapUntil(vet, left.id, (m) => el(m, 'diagnosis').state === 'proven'), 'diagnosis').items[0]).toMatchObject({
      documentId: ortho,
    });

    const diabetes = (await vet.post('/api/claims', { condition: 'Diabetes mellitus type 2', conditionType: 'primary' })).data;
    await upload('VA primary care 2025.txt', corpus('va-primary-care-korean-dmz-1975.txt'), diabetes.id, 'service-connection');
    const dmz = await mapUntil(vet, diabetes.id, (m) => el(m, 'diagnosis').state === 'proven');
    expect(el(dmz, 'nexus').state).toBe('missing');

    const hearing = (await vet.post('/api/claims', { condition: 'Hearing loss', conditionType: 'primary' })).data;
    await upload('audiology.txt', corpus('audiology-note-no-thresholds.txt'), hearing.id, 'medical');
    const hearingMap = await mapUntil(vet, hearing.id, (m) => el(m, 'diagnosis').state !== 'missing');
    expect(el(hearingMap, 'diagnosis')).toMatchObject({
      state: 'weak',
      nextSteps: [
        expect.objectContaining({ label: 'Upload an audiogram with puretone thresholds and a Maryland CNC score' }),
        expect.anything(),
      ],
    });

    const ptsd = (await vet.post('/api/claims', { condition: 'PTSD', conditionType: 'primary' })).data;
    await upload('my statement.txt', corpus('lay-statement-ptsd-stressor.txt'), ptsd.id, 'service-connection');
    const ptsdMap = await mapUntil(vet, ptsd.id, (m) => el(m, 'in-service').state !== 'missing');
    expect(el(ptsdMap, 'in-service')).toMatchObject({
      state: 'weak',
      nextSteps: [
        expect.objectContaining({ kind: 'va-form', href: '/templates?tab=va-forms&form=21-0781' }),
        expect.anything(),
        expect.anything(),
      ],
    });

    // Rebuilding the evidence read model from the log gives the same maps, decisions and deadlines included.
    await app.system.settled(30_000);
    const tables = ['evidence_claims', 'evidence_documents', 'evidence_maps'];
    const [now, fresh] = [await dumpTables(app.system.knex, tables), await freshBuild(app.system.knex, tables)];
    for (const table of tables) expect({ table, rows: now[table] }).toEqual({ table, rows: fresh[table] });
  }, 120_000);
});
