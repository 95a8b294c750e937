import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, addYears, utcDay } from '@cc/contracts';
import { eventually } from '@cc/gateway/testing/eventually';
import { readOutbox, waitForMail } from '@cc/gateway/testing/mail';
import { grantTier, startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';
import { isoWeekOf } from '@cc/notification-service/digest/isoWeek';
import { mapUntil } from '../evidence/evidenceMap';

/**
 * Pro's automatic updates over real HTTP and PostgreSQL: the weekly digest (in the app and in the
 * outbox), once per user and ISO week across runs and processes, Pro only, by the channels the
 * veteran chose; and the readiness-drop notice, once per drop.
 */

const PASSWORD = 'correct horse battery';
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

const ofKind = async (client: TestClient, kind: string) =>
  ((await client.get('/api/notifications')).data as { kind: string; title: string; body: string }[]).filter((n) => n.kind === kind);

describe('weekly digest and readiness-drop notices (Pro)', () => {
  let app: TestApp;
  let admin: TestClient;
  const today = utcDay(new Date());
  // The digest of next Monday reports this week: the changes the test makes now.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const nextMonday = addDays(today, 7 - weekday);
  const at = (day: string) => () => new Date(`${day}T09:00:00Z`);
  const veterans: Record<string, { client: TestClient; id: string; claimNumber: string }> = {};

  /** A veteran on `tier` with a claim that changed status this week and a decided one with a deadline 40 days after next Monday. */
  async function veteran(name: string, tier: 'free' | 'basic' | 'pro') {
    const client = app.client();
    const { id } = await client.register(`${name}@example.org`, PASSWORD);
    if (tier !== 'free') await grantTier(admin, client, id, tier);
    const open = (await client.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' })).data;
    expect((await client.put(`/api/claims/${open.id}/status`, { status: 'evidence_review' })).status).toBe(200);
    const decided = (await client.post('/api/claims', { condition: 'Back strain', conditionType: 'primary' })).data;
    const decisionDate = addYears(addDays(nextMonday, 40), -1);
    expect((await client.put(`/api/claims/${decided.id}/status`, { status: 'denied', decisionDate })).status).toBe(200);
    veterans[name] = { client, id, claimNumber: open.claimNumber as string };
  }

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'digest.admin@example.org', ADMIN_PASSWORD: PASSWORD } });
    admin = app.client();
    await admin.signIn('digest.admin@example.org');
    await veteran('digest.pro', 'pro');
    await veteran('digest.basic', 'basic');
    await veteran('digest.free', 'free');
    await veteran('digest.pro.noemail', 'pro');
    expect(
      (await veterans['digest.pro.noemail']!.client.put('/api/auth/preferences', { emailNotifications: { 'weekly-digest': false } }))
        .status,
    ).toBe(200);
    await veteran('digest.pro.noinapp', 'pro');
    expect(
      (await veterans['digest.pro.noinapp']!.client.put('/api/auth/preferences', { inAppNotifications: { 'weekly-digest': false } }))
        .status,
    ).toBe(200);
    await app.system.readModelsCaughtUp();
  });
  afterAll(async () => app.close());

  it('sends a Pro veteran one digest for the week, in the app and by e-mail, and nothing to Basic or Free', async () => {
    const run = await app.system.runWeeklyDigest(at(nextMonday));
    expect(run.digests).toBe(3);

    const pro = veterans['digest.pro']!;
    const [inApp] = await eventually(
      () => ofKind(pro.client, 'weekly-digest'),
      (list) => list.length > 0,
    );
    expect(inApp).toMatchObject({ title: 'Your weekly digest' });
    // Both claims changed status this week: the open one went to Evidence Review, the other was denied.
    expect(inApp!.body).toContain('Status changes: 2');
    expect(inApp!.body).toContain('Deadlines in the next 60 days: 1');

    const [mail] = await waitForMail(app.system.outboxDir, 'digest.pro@example.org', /^Your weekly claims digest/);
    const text = mail!.mail.text!;
    expect(text).toContain(`Claim ${pro.claimNumber} (Tinnitus) moved from Submitted to Evidence Review`);
    expect(text).toContain('Higher-Level Review, Supplemental Claim, Board Appeal (Notice of Disagreement) by');
    expect(text).toContain('(40 days left)');

    for (const name of ['digest.basic', 'digest.free']) {
      expect(await ofKind(veterans[name]!.client, 'weekly-digest')).toEqual([]);
    }
    const digestMail = (await readOutbox(app.system.outboxDir)).filter((m) => m.mail.subject?.startsWith('Your weekly claims digest'));
    const recipients = digestMail.map((m) => (m.mail.to && 'text' in m.mail.to ? m.mail.to.text : ''));
    expect(recipients.sort()).toEqual([
      expect.stringContaining('<digest.pro@example.org>'),
      expect.stringContaining('<digest.pro.noinapp@example.org>'),
    ]);
  });

  it('shows the digest e-mail in the outbox of the Email Testing page, without SMTP', async () => {
    const outbox = await admin.get('/api/emails/outbox?filter=' + encodeURIComponent(JSON.stringify({ kind: 'weekly-digest' })));
    expect(outbox.status).toBe(200);
    expect((outbox.data as { to: string; subject: string }[]).map((m) => m.to).sort()).toEqual([
      expect.stringContaining('<digest.pro@example.org>'),
      expect.stringContaining('<digest.pro.noinapp@example.org>'),
    ]);
  });

  it('honours the in-app switch: the digest comes only by e-mail', async () => {
    const quiet = veterans['digest.pro.noinapp']!;
    await waitForMail(app.system.outboxDir, 'digest.pro.noinapp@example.org', /^Your weekly claims digest/);
    await app.system.readModelsCaughtUp();
    expect(await ofKind(quiet.client, 'weekly-digest')).toEqual([]);
  });

  it('honours the e-mail switch: the digest comes only in the app', async () => {
    const quiet = veterans['digest.pro.noemail']!;
    await eventually(
      () => ofKind(quiet.client, 'weekly-digest'),
      (list) => list.length === 1,
    );
    const rows = await app.system.knex('email_deliveries').where({ user_id: quiet.id, kind: 'weekly-digest' });
    expect(rows).toEqual([]);
  });

  it('sends nothing more when run again, nor from a second process on the same database (a restart)', async () => {
    expect((await app.system.runWeeklyDigest(at(nextMonday))).digests).toBe(0);
    expect((await app.system.runWeeklyDigest(at(addDays(nextMonday, 3)))).digests).toBe(0);

    const second = await startTestApp({ databaseUrl: app.config.databaseUrl });
    try {
      // The persisted schedule says this week is done; the per-user key would refuse it anyway.
      expect((await second.system.runWeeklyDigest(at(nextMonday))).digests).toBe(0);
      // Two processes running the next week at once: each digest still goes out once.
      const following = addDays(nextMonday, 7);
      const [a, b] = await Promise.all([app.system.runWeeklyDigest(at(following)), second.system.runWeeklyDigest(at(following))]);
      expect(a.digests + b.digests).toBe(3);
    } finally {
      await second.close();
    }
    const sends = await app.system.knex('digest_sends').where({ user_id: veterans['digest.pro']!.id }).orderBy('iso_week');
    expect(sends.map((s: { status: string }) => s.status)).toEqual(['sent', 'sent']);
    const deliveries = await app.system.knex('email_deliveries').where({ user_id: veterans['digest.pro']!.id, kind: 'weekly-digest' });
    expect(deliveries).toHaveLength(2);
    await app.system.readModelsCaughtUp();
    expect(await ofKind(veterans['digest.pro']!.client, 'weekly-digest')).toHaveLength(2);
  });

  it('tells a Pro veteran at once when a claim’s readiness drops, once per drop, and logs the move for the digest of its week', async () => {
    const pro = veterans['digest.pro']!;
    const claim = (await pro.client.post('/api/claims', { condition: 'Knee condition', conditionType: 'primary' })).data;
    const lay = await upload(pro.client, 'my statement.txt', corpus('lay-statement-knee-injury.txt'), claim.id);
    expect((await pro.client.post(`/api/documents/${lay}/analyze`, { analysisType: 'service-connection' })).status).toBe(200);
    const note = await upload(pro.client, 'VA primary care.txt', corpus('va-primary-care-knee-gap.txt'), claim.id);
    expect((await pro.client.post(`/api/documents/${note}/analyze`, { analysisType: 'medical' })).status).toBe(200);
    const before = await mapUntil(pro.client, claim.id, (m) => m.elements.find((e) => e.element === 'diagnosis')?.state === 'proven');
    await app.system.readModelsCaughtUp();
    expect((await app.system.runWeeklyDigest()).readinessDrops).toBe(0);

    expect((await pro.client.request('DELETE', `/api/documents/${note}`)).status).toBe(204);
    const after = await mapUntil(pro.client, claim.id, (m) => m.elements.find((e) => e.element === 'diagnosis')?.state === 'missing');
    expect(after.readiness).toBeLessThan(before.readiness);
    expect((await app.system.runWeeklyDigest()).readinessDrops).toBe(1);
    expect((await app.system.runWeeklyDigest()).readinessDrops).toBe(0);

    const drops = await eventually(
      () => ofKind(pro.client, 'readiness-drop'),
      (list) => list.length > 0,
    );
    expect(drops).toHaveLength(1);
    expect(drops[0]!.body).toContain(`went from ${before.readiness}% to ${after.readiness}%`);
    await waitForMail(app.system.outboxDir, 'digest.pro@example.org', /^Evidence readiness dropped for claim/);

    // The moves are logged for the digest of the week they happened in.
    const moves = await app.system.knex('digest_evidence_moves').where({ claim_id: claim.id });
    expect(moves.map((m: { element: string; to_state: string }) => [m.element, m.to_state])).toContainEqual(['diagnosis', 'missing']);
  });

  it('leaves nothing of an erased account in its tables', async () => {
    const pro = veterans['digest.pro']!;
    const tables = ['digest_sends', 'digest_evidence_seen', 'digest_evidence_moves', 'digest_readiness_drops'];
    const rowsOf = async () => Promise.all(tables.map(async (t) => (await app.system.knex(t).where({ user_id: pro.id })).length));
    expect((await rowsOf()).every((n) => n > 0)).toBe(true);
    expect((await pro.client.request('DELETE', '/api/account', { json: { password: PASSWORD } })).status).toBe(204);
    expect(await rowsOf()).toEqual([0, 0, 0, 0]);
    // Nothing goes to the erased account any more, whatever week it is.
    expect((await app.system.runWeeklyDigest(at(addDays(nextMonday, 21)))).digests).toBe(2);
  });

  it('takes over a digest a dead worker was sending once its lease ends, and keeps the week open until then', async () => {
    const day = addDays(nextMonday, 28);
    const week = isoWeekOf(day).key;
    const held = veterans['digest.pro.noemail']!;
    // A worker claimed this veteran's digest and died before sending it.
    await app.system.knex('digest_sends').insert({ user_id: held.id, iso_week: week, status: 'sending', claimed_at: new Date() });
    expect((await app.system.runWeeklyDigest(at(day))).digests).toBe(1);
    expect((await app.system.knex('digest_schedule').first('last_week')).last_week).not.toBe(week);

    await app.system
      .knex('digest_sends')
      .where({ user_id: held.id, iso_week: week })
      .update({ claimed_at: new Date(Date.now() - 11 * 60_000) });
    expect((await app.system.runWeeklyDigest(at(day))).digests).toBe(1);
    expect((await app.system.knex('digest_schedule').first('last_week')).last_week).toBe(week);
    expect((await app.system.knex('digest_sends').where({ user_id: held.id, iso_week: week }).first('status')).status).toBe('sent');
  });
});
