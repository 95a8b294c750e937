import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, triedAgainWhile } from '@cc/platform/testing/eventually';
import { startTestApp, TestClient, type TestApp } from '@cc/gateway/testing/testApp';

/**
 * What a claim command sends besides its append: the session is read once, and the position the
 * command reached is recorded on it within the statement that reads the claim back.
 */
describe("a claim command's statements", () => {
  let app: TestApp;
  let server: http.Server;
  let vet: TestClient;
  /** Names the request each statement is sent for (its asynchronous work included). */
  const requests = new AsyncLocalStorage<string>();

  beforeAll(async () => {
    app = await startTestApp();
    server = http.createServer((req, res) => requests.run(`${req.method} ${req.url}`, () => app.system.app(req, res)));
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    vet = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await vet.register('statements.vet@example.org');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  /** The statements `run`'s requests send, by request method (`run` may watch them come). */
  async function statementsOf(run: (sent: Record<string, string[]>) => Promise<void>): Promise<Record<string, string[]>> {
    const sent: Record<string, string[]> = {};
    const seen = (query: { sql: string }) => {
      const request = requests.getStore();
      if (request) (sent[request.split(' ')[0]!] ??= []).push(query.sql);
    };
    app.system.knex.on('query', seen);
    try {
      await run(sent);
    } finally {
      app.system.knex.off('query', seen);
    }
    return sent;
  }

  /** The session's recorded position and the position of the claim's newest event. */
  async function positions(claimId: string) {
    const { knex } = app.system;
    const session = await knex('sessions')
      .where({ user_id: (await vet.get('/api/auth/user')).data.id })
      .first('last_position');
    const event = await knex('events')
      .where({ stream_id: `claim-${claimId}` })
      .orderBy('stream_version', 'desc')
      .first(knex.raw(`transaction_id::text || '.' || global_position::text as position`));
    return { recorded: session!.last_position as string, appended: event!.position as string };
  }

  it('records the position on the session in the read-back, with no statement of its own', async () => {
    let claimId = '';
    const sent = await statementsOf(async () => {
      const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
      expect(filed.status).toBe(201);
      claimId = filed.data.id as string;
      expect((await positions(claimId)).recorded).toBe((await positions(claimId)).appended);
      const changed = await vet.put(`/api/claims/${claimId}/status`, { status: 'initial_review', note: 'Records requested' });
      expect(changed.status).toBe(200);
      expect(changed.data).toMatchObject({ id: claimId, status: 'initial_review' });
    });
    for (const method of ['POST', 'PUT']) {
      const ofSessions = sent[method]!.filter((sql) => /\bsessions\b/.test(sql));
      expect(ofSessions).toEqual([
        expect.stringMatching(/from sessions s left join user_profiles/),
        expect.stringMatching(/^with .*update sessions/s),
      ]);
    }
    // Read-your-writes still has the position: the session's next request waits for it.
    const { recorded, appended } = await positions(claimId);
    expect(recorded).toBe(appended);
  });

  it("tells other processes of filing a claim (the user's stream, then the claim's) in one notification", async () => {
    const noticesOfFiling = async (condition: string) => {
      const notices = (sent: Record<string, string[]>) => (sent.POST ?? []).filter((sql) => sql.includes('pg_notify'));
      const all = await statementsOf(async (sent) => {
        expect((await vet.post('/api/claims', { condition, conditionType: 'primary' })).status).toBe(201);
        // The notices leave after the answer, once the pool has a connection for them (a wait on a
        // loaded machine); then a while longer, so that a second one would be seen.
        await eventually(() => notices(sent).length > 0, 10_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      return notices(all);
    };
    // The read models' notice joins the appends' when both are asked in one turn, and the first append's
    // is held for at most 500 ms: a loaded machine may part them, so a filing is tried again then
    // (the plan allows three claims).
    const notices = await triedAgainWhile(
      (n) => noticesOfFiling(['Knee strain', 'Back strain'][n - 1]!),
      (sent) => sent.length > 1,
      2,
    );
    expect(notices).toHaveLength(1);
  });
});
