import { migrate } from '../db/migrations';
import { PostgresEventStore } from '../eventstore/postgres';
import { eventStoreMigrations } from '../eventstore/postgresMigrations';
import { createTestDatabase } from '../testing/database';
import { busContract } from './contract';

busContract('embedded (event store subscription)', async () => {
  const db = await createTestDatabase('bus');
  await migrate(db.knex, 'platform', eventStoreMigrations);
  const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  return {
    store,
    bus: store,
    knex: db.knex,
    // The embedded bus delivers again what lies after its checkpoint: put the checkpoint back.
    async redeliver(worker) {
      await db
        .knex('subscription_checkpoints')
        .where({ name: `worker:${worker}` })
        .update({ tx_id: db.knex.raw("'0'::xid8"), seq: 0 });
    },
    async close() {
      await store.close();
      await db.drop();
    },
  };
});
