import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { eventually } from '../testing/eventually';
import { NotifyBatch } from './notifyBatch';

describe('NotifyBatch', () => {
  let db: TestDatabase;
  let listener: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('notify_batch');
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(`${message.channel}:${message.payload ?? ''}`));
    await listener.query('listen batch_a');
    await listener.query('listen batch_b');
  });
  afterAll(async () => {
    await listener.end();
    await db.drop();
  });

  it('sends what is asked for in one turn in one statement, each notice on its own channel, a gathering sender read when the statement goes', async () => {
    heard.length = 0;
    const batch = new NotifyBatch(db.knex);
    const statements: string[] = [];
    const count = (query: { sql: string }) => void statements.push(query.sql);
    db.knex.on('query', count);
    let late = 'not yet';
    try {
      const sent = [
        batch.send([{ channel: 'batch_a', payload: 'one' }]),
        batch.send(() => [{ channel: 'batch_b', payload: late }]),
        Promise.resolve().then(() => batch.send([{ channel: 'batch_a', payload: 'two' }])),
      ];
      late = 'gathered';
      await Promise.all(sent);
    } finally {
      db.knex.off('query', count);
    }
    expect(statements).toHaveLength(1);
    await eventually(() => heard.length >= 3);
    expect(heard).toEqual(['batch_a:one', 'batch_b:gathered', 'batch_a:two']);
  });

  it('tells every sender of a statement that failed', async () => {
    const batch = new NotifyBatch(db.knex);
    const tooLong = 'x'.repeat(9000);
    const sent = [batch.send([{ channel: 'batch_a', payload: tooLong }]), batch.send([{ channel: 'batch_b', payload: 'fine' }])];
    for (const one of sent) await expect(one).rejects.toThrow(/payload string too long/);
    const gatherer = batch.send(() => {
      throw new Error('could not gather');
    });
    await expect(gatherer).rejects.toThrow('could not gather');
    // The next turn's notices go on their own.
    await batch.send([{ channel: 'batch_b', payload: 'after' }]);
    await eventually(() => heard.includes('batch_b:after'));
    expect(heard).not.toContain('batch_b:fine');
  });
});
