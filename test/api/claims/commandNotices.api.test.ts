import pg from 'pg';
import { eventually, triedAgainWhile } from '@cc/platform/testing/eventually';
import { READ_MODEL_CHANGES_CHANNEL } from '@cc/projection-service';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/**
 * After a command's inline transaction commits, the event store tells subscribers of the append
 * and the announcer tells change streams of the rows it changed: two notifications on two
 * channels, sent in one statement.
 */
describe('the notifications that follow a command', () => {
  let app: TestApp;
  let vet: TestClient;
  let listener: pg.Client;
  const heard: { channel: string; payload: string | undefined }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    // Only the command's own notices: no asynchronous projector announces anything here.
    await app.system.projections.runner.stop();
    vet = app.client();
    await vet.register('notices.vet@example.org');
    listener = new pg.Client({ connectionString: app.config.databaseUrl });
    await listener.connect();
    listener.on('notification', (message) => heard.push({ channel: message.channel, payload: message.payload }));
    await listener.query('listen cc_events_appended');
    await listener.query(`listen ${READ_MODEL_CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await app.close();
  });

  it('sends the append notice and the read-model change notice of a status change in one statement', async () => {
    const filed = await vet.post('/api/claims', { condition: 'Tinnitus', conditionType: 'primary' });
    expect(filed.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const noticesOf = async (status: string) => {
      heard.length = 0;
      const notifies: string[] = [];
      // The command's own notices (a worker that appends in answer to it sends its own afterwards).
      const count = (query: { sql: string; bindings?: unknown }) => {
        const bindings = JSON.stringify(query.bindings ?? []);
        if (query.sql.includes('pg_notify') && (bindings.includes(':ClaimStatusChanged') || bindings.includes(READ_MODEL_CHANGES_CHANNEL)))
          notifies.push(bindings);
      };
      app.system.knex.on('query', count);
      try {
        const changed = await vet.put(`/api/claims/${filed.data.id as string}/status`, { status, note: 'Records requested' });
        expect(changed.status).toBe(200);
        await eventually(() => new Set(heard.map((notice) => notice.channel)).size === 2, 10_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        app.system.knex.off('query', count);
      }
      expect(new Set(heard.map((notice) => notice.channel))).toEqual(new Set(['cc_events_appended', READ_MODEL_CHANGES_CHANNEL]));
      return notifies;
    };
    // The two join when they are asked in one turn after the commit; a loaded machine may part them,
    // and the status change is tried again then.
    const notifies = await triedAgainWhile(
      (n) => noticesOf(['initial_review', 'evidence_review'][n - 1]!),
      (sent) => sent.length > 1,
      2,
    );
    expect(notifies).toHaveLength(1);
  });
});
