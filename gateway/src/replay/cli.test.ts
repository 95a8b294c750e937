import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { dumpTables, freshBuild } from '../testing/readModels';
import { startStaffApp, type StaffApp } from '../testing/staff';
import type { TestClient } from '../testing/testApp';

/*
 * `npm run replay -- <read model>|all`, run as its own process against the database of a running
 * app (DATABASE_URL here; finding the embedded cluster of a running app is shared with
 * `npm run admin`, tested in test/admin.test.ts).
 */

const root = path.resolve(__dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const main = path.join(root, 'gateway/src/replay/main.ts');

function replay(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', main, ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run replay', () => {
  let staff: StaffApp;
  let env: Record<string, string>;
  let veteran: TestClient & { id: string };
  let claimId: string;

  beforeAll(async () => {
    staff = await startStaffApp({}, 'replay');
    // Rebuild pages of 500 (the default for set-based read models is 10,000): the kill below lands mid-rebuild.
    env = { DATABASE_URL: staff.app.config.databaseUrl!, REBUILD_BATCH_SIZE: '500' };
    veteran = await staff.member('replay.veteran@example.org', 'free', { firstName: 'Rey', lastName: 'Play' });
    const filed = await veteran.post('/api/claims', { condition: 'Hearing loss', conditionType: 'primary' });
    claimId = filed.data.id;
    expect((await veteran.post(`/api/claims/${claimId}/notes`, { note: 'First note', noteType: 'general' })).status).toBe(201);
  });
  afterAll(async () => staff.app.close());

  it('rebuilds one read model of the running app with a progress bar, recorded with the operator', async () => {
    const result = await replay(['claims'], env);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^claims: swapped in \(\d+ events\)\n$/) });
    expect(result.stderr).toMatch(/claims\s+\|.*\| 100% \| \d+\/\d+ events \| swapped/);
    // The app answers from the new tables and goes on projecting into them.
    expect((await veteran.post(`/api/claims/${claimId}/notes`, { note: 'After the replay', noteType: 'general' })).status).toBe(201);
    expect((await veteran.get(`/api/claims/${claimId}`)).data.notes.map((n: any) => n.note)).toEqual(['After the replay', 'First note']);
    const log = await staff.support.get(
      `/api/staff/events?filter=${encodeURIComponent(JSON.stringify({ streamId: 'projection-claims' }))}&sort=${encodeURIComponent('["position","ASC"]')}`,
    );
    expect(log.data.map((e: any) => e.type)).toEqual(['ProjectionRebuildRequested', 'ProjectionRebuildFinished']);
    expect(log.data[0]).toMatchObject({ actorId: null, operator: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) });
    expect(log.data[1].data).toMatchObject({ outcome: 'swapped' });
    const status = (await staff.support.get('/api/staff/projections/claims')).data;
    expect(status.rebuild).toMatchObject({ state: 'swapped', operator: expect.any(String), requestedBy: null });
  }, 60_000);

  it('rebuilds every read model with all', async () => {
    const result = await replay(['all'], env);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^[\w-]+: swapped in/);
    expect(lines.map((line) => line.split(':')[0]).sort()).toEqual(staff.app.system.projections.projectors.map((p) => p.name).sort());
    await staff.app.system.settled();
    const tables = ['claims', 'claim_notes', 'claim_history', 'user_profiles', 'staff_access_log', 'user_tier_history'];
    expect(await dumpTables(staff.app.system.knex, tables)).toEqual(await freshBuild(staff.app.system.knex, tables));
  }, 90_000);

  it('refuses wrong usage and an unknown read model, naming the read models', async () => {
    const none = await replay([], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('npm run replay -- <read model>');
    const unknown = await replay(['claimz'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no read model named claimz.');
    expect(unknown.stderr).toMatch(/Read models: user_profiles, claims, claim_history/);
  });

  it('killed mid-rebuild: the live tables keep answering, and the running app takes the rebuild over and finishes it', async () => {
    const { knex } = staff.app.system;
    // Many events at once, so the rebuild lasts long enough to be killed: copies of the veteran's note.
    // The rebuild counts its progress per batch of 500; it is killed after its first, with three left.
    const template = await knex('events')
      .where({ stream_id: `claim-${claimId}`, type: 'ClaimNoteAdded' })
      .first('data', 'metadata');
    await knex.transaction(async (trx) => {
      const { version } = await trx('event_streams')
        .where({ stream_id: `claim-${claimId}` })
        .forUpdate()
        .first('version');
      await trx.raw(
        `insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
         select gen_random_uuid(), ?, ? + g, 'ClaimNoteAdded', 1, jsonb_set(?::jsonb, '{noteId}', to_jsonb(gen_random_uuid()::text)), ?::jsonb
         from generate_series(1, 2000) g`,
        [`claim-${claimId}`, version, JSON.stringify(template.data), JSON.stringify(template.metadata)],
      );
      await trx('event_streams')
        .where({ stream_id: `claim-${claimId}` })
        .update({ version: version + 2000 });
    });
    await staff.app.system.readModelsCaughtUp(60_000);
    const before = await dumpTables(knex, ['claims', 'claim_notes']);

    const child = spawn(process.execPath, ['--import', 'tsx', main, 'claims'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    let row: any;
    for (;;) {
      row = await knex('projection_rebuilds').where({ projection: 'claims', state: 'running' }).first();
      if (row && Number(row.processed) >= 500) break;
      if (Date.now() > deadline) throw new Error('the replay never got going');
      await sleep(50);
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const killedAt = await knex('projection_rebuilds').where({ rebuild_id: row.rebuild_id }).first();
    expect(killedAt.state).toBe('running');
    expect(Number(killedAt.processed)).toBeLessThan(Number(killedAt.total));
    // Half-built tables are not in use: the app answers from the live ones, unchanged.
    expect(await dumpTables(knex, ['claims', 'claim_notes'])).toEqual(before);
    expect((await veteran.get(`/api/claims/${claimId}`)).status).toBe(200);

    // The app's supervisor notices the silent heartbeat and finishes the same rebuild.
    for (;;) {
      const now = await knex('projection_rebuilds').where({ rebuild_id: row.rebuild_id }).first();
      if (now.state !== 'running') {
        expect(now).toMatchObject({ state: 'swapped' });
        expect(now.owner).not.toBe(killedAt.owner);
        break;
      }
      if (Date.now() > deadline + 60_000) throw new Error('the app never finished the rebuild');
      await sleep(200);
    }
    await staff.app.system.settled(60_000);
    expect(await dumpTables(knex, ['claims', 'claim_notes'])).toEqual(await freshBuild(knex, ['claims', 'claim_notes']));
  }, 180_000);
});
