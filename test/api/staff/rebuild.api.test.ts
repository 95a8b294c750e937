import { dumpTables, freshBuild, readModelTables } from '@cc/gateway/testing/readModels';
import { startStaffApp, type StaffApp } from '@cc/gateway/testing/staff';
import type { TestClient } from '@cc/gateway/testing/testApp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TEXT = Buffer.from('Private treatment note. 01/02/2019: knee pain after a fall in service; diagnosed with a meniscus tear.\n');

async function upload(client: TestClient, fileName: string, claimId?: string) {
  const address = await client.post('/api/objects/upload', {});
  const put = await client.request('PUT', address.data.uploadURL, {
    body: TEXT as unknown as string,
    headers: { 'content-type': 'text/plain' },
  });
  expect(put.status).toBe(201);
  const res = await client.put('/api/documents', {
    documentURL: address.data.uploadURL,
    fileName,
    fileType: 'text/plain',
    fileSize: TEXT.length,
    claimId,
  });
  expect(res.status).toBe(201);
  return res.data.id as string;
}

describe('rebuilding read models without downtime', () => {
  let staff: StaffApp;
  const veterans: (TestClient & { id: string })[] = [];
  const claims = new Map<string, string[]>();

  beforeAll(async () => {
    staff = await startStaffApp({}, 'rebuild');
    for (const i of [0, 1, 2]) {
      const veteran = await staff.member(`rebuild.veteran${i}@example.org`, 'pro', { firstName: `Vet${i}`, lastName: 'Rebuild' });
      veterans.push(veteran);
      const mine: string[] = [];
      for (const condition of ['Tinnitus', 'Knee strain']) {
        const filed = await veteran.post('/api/claims', { condition: `${condition} ${i}`, conditionType: 'primary' });
        expect(filed.status).toBe(201);
        mine.push(filed.data.id);
      }
      claims.set(veteran.id, mine);
      await upload(veteran, `note-${i}.txt`, mine[0]);
      expect((await staff.adjudicator.get(`/api/staff/claims/${mine[0]}`)).status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => staff.app.close());

  it('under concurrent writes, GETs keep answering, and every read model ends equal to a fresh build', async () => {
    const { app, support, adjudicator, admin } = staff;

    // Writers: the veterans keep changing their claims and documents through the API.
    let writing = true;
    let written = 0;
    let writtenDuringRebuild = 0;
    const writer = async (veteran: TestClient & { id: string }, seed: number) => {
      for (let i = 0; writing; i++) {
        const mine = claims.get(veteran.id)!;
        const claimId = mine[(i + seed) % mine.length]!;
        const op = (i + seed) % 5;
        let status: number;
        if (op === 0) {
          const res = await veteran.post('/api/claims', { condition: `Condition ${seed}-${i}`, conditionType: 'secondary' });
          status = res.status;
          if (res.status === 201) mine.push(res.data.id);
        } else if (op === 1)
          status = (
            await veteran.put(`/api/claims/${claimId}/status`, {
              status: ['initial_review', 'evidence_review', 'approved'][i % 3],
              note: `Step ${i}`,
            })
          ).status;
        else if (op === 2)
          status = (await veteran.post(`/api/claims/${claimId}/notes`, { note: `Note ${seed}-${i}`, noteType: 'general' })).status;
        else if (op === 3)
          status = (
            await veteran.request('PATCH', `/api/claims/${claimId}`, {
              json: { priority: i % 2 ? 'high' : 'low', nextAction: `Call ${i}` },
            })
          ).status;
        else {
          await upload(veteran, `file-${seed}-${i}.txt`, claimId);
          status = 201;
        }
        expect([200, 201]).toContain(status);
        written += 1;
        if (rebuilding) writtenDuringRebuild += 1;
        await sleep(5);
      }
    };

    // Readers: every GET must answer 200 with what was there before, never an error or an empty list.
    let reading = true;
    const answered = { total: 0, duringRebuild: 0 };
    const failures: string[] = [];
    let rebuilding = false;
    const check = async (client: TestClient, path: string, nonEmpty: (data: any) => boolean) => {
      const res = await client.get(path);
      answered.total += 1;
      if (rebuilding) answered.duringRebuild += 1;
      if (res.status !== 200 || !nonEmpty(res.data)) failures.push(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    const reader = async () => {
      const veteran = veterans[0]!;
      const claimId = claims.get(veteran.id)![0]!;
      while (reading) {
        await Promise.all([
          check(veteran, '/api/claims', (d) => d.length >= 2),
          check(veteran, '/api/documents', (d) => d.length >= 1),
          check(veteran, '/api/dashboard', (d) => d.recentClaims.length >= 2),
          check(veteran, `/api/claims/${claimId}`, (d) => d.id === claimId),
          check(veteran, `/api/claims/${claimId}/history`, (d) => d.length >= 1),
          check(admin, '/api/users/with-tier', (d) => d.length >= 6),
          check(admin, '/api/staff/access-log', (d) => d.length >= 3),
          check(adjudicator, '/api/staff/claims', (d) => d.length >= 6),
        ]);
      }
    };

    const writers = Promise.all([...veterans, ...veterans].map((v, i) => writer(v, i)));
    const readers = Promise.all([reader(), reader()]);
    await sleep(500);

    const projections = (await support.get('/api/staff/projections')).data as { name: string }[];
    // Every read model there is (the staff console's first seven and every feature's since), all rebuilt at once below.
    expect(projections.map((p) => p.name).sort()).toEqual(app.system.projections.projectors.map((p) => p.name).sort());
    expect(projections.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'activities',
        'claim_history',
        'claims',
        'documents',
        'staff_access_log',
        'user_profiles',
        'user_tier_history',
      ]),
    );
    rebuilding = true;
    // The first read model is asked for twice at once: a small read model may finish rebuilding
    // before a later request arrives, so "while it runs" is only certain for simultaneous requests.
    const [started, twice] = await Promise.all([
      Promise.all(projections.map((p) => support.post(`/api/staff/projections/${p.name}/rebuild`, {}))),
      support.post(`/api/staff/projections/${projections[0]!.name}/rebuild`, {}),
    ]);
    for (const res of started) {
      expect(res.status).toBe(202);
      expect(res.data).toMatchObject({ rebuildId: expect.any(String), state: 'running' });
      expect(res.headers.get('location')).toBe(`/api/staff/rebuilds/${res.data.rebuildId}`);
    }
    // Asking again while it runs answers the same rebuild: one of the two requests started it.
    expect(twice).toMatchObject({ status: 202, data: { rebuildId: started[0]!.data.rebuildId } });
    expect([started[0]!.data.created, twice.data.created].sort()).toEqual([false, true]);

    const progress = new Map<string, number[]>();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const states = await Promise.all(started.map((res) => support.get(`/api/staff/rebuilds/${res.data.rebuildId}`)));
      for (const s of states) {
        expect(s.status).toBe(200);
        progress.set(s.data.id, [...(progress.get(s.data.id) ?? []), s.data.processed]);
        expect(s.data.state).not.toBe('failed');
      }
      if (states.every((s) => s.data.state === 'swapped')) break;
      if (Date.now() > deadline) throw new Error(`rebuilds did not finish: ${JSON.stringify(states.map((s) => s.data))}`);
      await sleep(100);
    }
    rebuilding = false;
    for (const seen of progress.values()) expect(seen).toEqual([...seen].sort((a, b) => a - b));

    // The live projectors go on from the new tables. (A write count, not a time: the machine may be
    // slow, and what matters is that writes were made during the rebuild and after it.)
    const afterSwap = written;
    const writeDeadline = Date.now() + 60_000;
    while ((written <= 20 || written < afterSwap + 5) && Date.now() < writeDeadline) await sleep(50);
    writing = false;
    reading = false;
    await Promise.all([writers, readers]);
    expect(failures).toEqual([]);
    expect(written).toBeGreaterThan(20);
    expect(writtenDuringRebuild).toBeGreaterThan(0);
    expect(answered.duringRebuild).toBeGreaterThan(8);

    // The notifications worker appends after the writes it reads, so read models alone are not the end.
    await app.system.settled(30_000);
    const tables = readModelTables();
    const [now, fresh] = [await dumpTables(app.system.knex, tables), await freshBuild(app.system.knex, tables)];
    for (const table of tables) expect({ table, rows: now[table] }).toEqual({ table, rows: fresh[table] });

    // Nothing is left behind, and each rebuild is on record with who asked.
    const { rows: schemas } = await app.system.knex.raw(
      "select nspname from pg_namespace where nspname like 'rebuild_%' or nspname like 'retired_%'",
    );
    expect(schemas).toEqual([]);
    expect(await app.system.knex('subscription_checkpoints').where('name', 'like', 'rebuild:%')).toEqual([]);
    expect(await app.system.knex('subscription_dead_letters')).toEqual([]);
    const log = await support.get(
      `/api/staff/events?filter=${encodeURIComponent(JSON.stringify({ type: ['ProjectionRebuildRequested', 'ProjectionRebuildFinished'] }))}`,
    );
    const requested = log.data.filter((e: any) => e.type === 'ProjectionRebuildRequested');
    const finished = log.data.filter((e: any) => e.type === 'ProjectionRebuildFinished');
    expect(requested).toHaveLength(projections.length);
    expect(requested.every((e: any) => e.actorId === support.id)).toBe(true);
    expect(finished.map((e: any) => e.data.outcome)).toEqual(projections.map(() => 'swapped'));
    const after = (await support.get('/api/staff/projections')).data as any[];
    for (const p of after) expect(p).toMatchObject({ state: 'live', live: true, deadLetters: 0, rebuild: { state: 'swapped' } });
  }, 180_000);

  it('an unknown read model or rebuild is a 404', async () => {
    expect((await staff.support.post('/api/staff/projections/nope/rebuild', {})).status).toBe(404);
    expect((await staff.support.get('/api/staff/rebuilds/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await staff.support.get('/api/staff/rebuilds/not-an-id')).status).toBe(404);
  });
});
