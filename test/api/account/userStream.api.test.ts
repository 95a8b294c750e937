import { randomUUID } from 'node:crypto';
import { ANALYSIS_MESSAGES, analysisMonth, streams } from '@cc/contracts';
import { userDecider } from '@cc/command-service';
import type { NewEvent } from '@cc/platform';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * Everything one user does (claims, documents, analyses) is decided on that user's stream, which
 * therefore grows for as long as the account lives. These tests hold the cost of a command to the
 * number of the user's events it reads, which must not depend on how many there are.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const LETTER = 'Tinnitus noted at the separation exam. Hearing loss bilateral, at least as likely as not due to service.';

const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
};

async function signUp(app: TestApp, admin: TestClient, email: string, tier: 'free' | 'basic' | 'pro') {
  const client = app.client();
  const user = await client.register(email);
  if (tier !== 'free') expect((await admin.put(`/api/users/${user.id}/tier`, { tierName: tier })).status).toBe(200);
  for (let i = 0; i < 100 && (await client.get('/api/auth/user')).data.memberTier !== tier; i++)
    await new Promise((r) => setTimeout(r, 20));
  return { client, id: user.id };
}

async function upload(client: TestClient, fileName: string, body: Buffer, contentType: string) {
  const address = await client.post('/api/objects/upload', {});
  if (address.status !== 200) return address;
  const url = address.data.uploadURL as string;
  const put = await client.request('PUT', url, { body: body as unknown as string, headers: { 'content-type': contentType } });
  expect(put.status).toBe(201);
  return client.put('/api/documents', { documentURL: url, fileName, fileType: contentType, fileSize: body.length });
}

describe("a user's stream, however long", () => {
  let app: TestApp;
  let admin: TestClient;
  /** Events of user streams handed out by the store, by stream, since the test began. */
  const read = new Map<string, number>();

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAILS: 'stream.admin@example.org', ADMIN_PASSWORD: 'correct horse battery' } });
    admin = app.client();
    await admin.signIn('stream.admin@example.org');
    const store = app.system.store;
    const readStream = store.readStream.bind(store);
    store.readStream = async (...args) => {
      const result = await readStream(...args);
      if (args[0].startsWith('user-')) read.set(args[0], (read.get(args[0]) ?? 0) + result.events.length);
      return result;
    };
  });
  afterAll(async () => app.close());

  /** The user's events that the request read (every command and check on the user's stream it ran). */
  const readDuring = async <T>(userId: string, request: () => Promise<T>): Promise<{ result: T; events: number }> => {
    const before = read.get(streams.user(userId)) ?? 0;
    const result = await request();
    return { result, events: (read.get(streams.user(userId)) ?? 0) - before };
  };

  /** History written straight to the store, in the shape stored before refunds recorded their month. */
  const appendHistory = async (userId: string, events: NewEvent[]) => {
    const streamId = streams.user(userId);
    for (let done = 0; done < events.length; done += 500) {
      const { version } = await app.system.store.readStream(streamId);
      await app.system.store.appendToStream(streamId, events.slice(done, done + 500), { expectedVersion: version });
    }
  };
  const started = (userId: string, analysisId: string, month: string): NewEvent => ({
    type: 'UserDocumentAnalysisStarted',
    data: { userId, documentId: randomUUID(), analysisId, month },
  });
  const refundedWithoutMonth = (userId: string, analysisId: string): NewEvent => ({
    type: 'UserDocumentAnalysisRefunded',
    data: { userId, documentId: randomUUID(), analysisId },
  });

  it('reads no more of a Pro user with 3,000 past analyses per command than of a new user', async () => {
    const veteran = await signUp(app, admin, 'long.history@example.org', 'pro');
    const newcomer = await signUp(app, admin, 'new.member@example.org', 'pro');
    const month = analysisMonth(new Date());
    await appendHistory(
      veteran.id,
      Array.from({ length: 3_000 }, (_, i) => started(veteran.id, `old-${i}`, i < 1_000 ? previousMonth(month) : month)),
    );

    // The first command after the old history folds it once, and keeps the result as a snapshot.
    const first = await readDuring(veteran.id, () =>
      veteran.client.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' }),
    );
    expect(first.result.status).toBe(201);
    expect(first.events).toBeGreaterThanOrEqual(3_000);

    const bound = userDecider.snapshot!.every;
    const journey = async (user: { client: TestClient; id: string }) => {
      const reads: number[] = [];
      // An upload reads the user's state twice (for its address, then to register): under `bound` each.
      const count = (events: number) => {
        expect(events).toBeLessThan(2 * bound);
        reads.push(events);
      };
      for (let round = 0; round < 20; round++) {
        const claim = await readDuring(user.id, () =>
          user.client.post('/api/claims', { condition: `Condition ${round}`, conditionType: 'primary' }),
        );
        expect(claim.result.status).toBe(201);
        count(claim.events);
        const doc = await readDuring(user.id, () => upload(user.client, `letter-${round}.txt`, Buffer.from(LETTER), 'text/plain'));
        expect(doc.result.status).toBe(201);
        count(doc.events);
        if (round % 10 === 0) {
          const analysis = await readDuring(user.id, () =>
            user.client.post(`/api/documents/${doc.result.data.id}/analyze`, { analysisType: 'general' }),
          );
          expect(analysis.result.status).toBe(200);
          count(analysis.events);
        }
        if (round % 3 === 0) {
          const removal = await readDuring(user.id, () => user.client.request('DELETE', `/api/documents/${doc.result.data.id}`));
          expect(removal.result.status).toBe(204);
          count(removal.events);
        }
      }
      return reads;
    };
    const veteranReads = await journey(veteran);
    const newcomerReads = await journey(newcomer);
    const total = (reads: number[]) => reads.reduce((a, b) => a + b, 0);
    expect(total(veteranReads)).toBeLessThanOrEqual(total(newcomerReads) + 2 * bound);
    expect((await veteran.client.get('/api/claims')).data).toHaveLength(21);
  }, 120_000);

  it('keeps the Basic quota exact for a history stored before refunds said their month', async () => {
    const member = await signUp(app, admin, 'old.basic@example.org', 'basic');
    const month = analysisMonth(new Date());
    const last = previousMonth(month);
    await appendHistory(member.id, [
      ...Array.from({ length: 5 }, (_, i) => started(member.id, `last-${i}`, last)),
      ...Array.from({ length: 25 }, (_, i) => started(member.id, `now-${i}`, month)),
      // Two of this month's were given back, and one of last month's (which frees nothing now).
      refundedWithoutMonth(member.id, 'now-3'),
      refundedWithoutMonth(member.id, 'last-1'),
      refundedWithoutMonth(member.id, 'now-17'),
    ]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(member.client, `note-${i}.txt`, Buffer.from(LETTER), 'text/plain')).data.id);
    const answers = await Promise.all(ids.map((id) => member.client.post(`/api/documents/${id}/analyze`, { analysisType: 'general' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((a) => a.status === 429)!.data).toMatchObject({ detail: ANALYSIS_MESSAGES.limitReached(25), limit: 25 });
  }, 60_000);

  it('frees a document slot once, and never for a document that is not the user’s', async () => {
    const free = await signUp(app, admin, 'slots.free@example.org', 'free');
    const stranger = await signUp(app, admin, 'slots.stranger@example.org', 'free');
    const theirs = (await upload(stranger.client, 'theirs.pdf', PDF, 'application/pdf')).data.id as string;
    const mine: string[] = [];
    for (let i = 0; i < 10; i++) mine.push((await upload(free.client, `mine-${i}.pdf`, PDF, 'application/pdf')).data.id);
    expect((await upload(free.client, 'eleventh.pdf', PDF, 'application/pdf')).status).toBe(429);

    for (const id of [randomUUID(), theirs]) expect((await free.client.request('DELETE', `/api/documents/${id}`)).status).toBe(404);
    expect((await upload(free.client, 'still-eleventh.pdf', PDF, 'application/pdf')).status).toBe(429);

    const twice = await Promise.all([0, 1, 2].map(() => free.client.request('DELETE', `/api/documents/${mine[0]}`)));
    expect(twice.map((r) => r.status).sort()).toEqual([204, 404, 404]);
    expect((await upload(free.client, 'replacement.pdf', PDF, 'application/pdf')).status).toBe(201);
    expect((await upload(free.client, 'one-too-many.pdf', PDF, 'application/pdf')).status).toBe(429);
    const removed = (await app.system.store.readStream(streams.user(free.id))).events.filter((e) => e.type === 'UserDocumentRemoved');
    expect(removed).toHaveLength(1);
  }, 60_000);
});
