import { randomBytes } from 'node:crypto';
import { migrate } from '../db/migrations';
import { createTestDatabase } from '../testing/database';
import { describeWithServer } from '../testing/productionServers';
import { eventStoreContract, type ContractFactoryOptions } from './contract';
import { EventStoreDbEventStore } from './eventStoreDb';
import { eventStoreMigrations } from './postgresMigrations';

describeWithServer('EventStoreDB adapter', 'eventstore', (address) => {
  async function openStore(options: ContractFactoryOptions = {}) {
    // Checkpoints, dead letters and snapshots live in PostgreSQL next to the effects they cover.
    const db = await createTestDatabase('esdb');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    const store = new EventStoreDbEventStore({
      connectionString: address(), knex: db.knex, upcast: options.upcast, schemaVersionOf: options.schemaVersionOf,
      // Tests share one server: each store sees only its own streams, as a fresh database would.
      namespace: `t${randomBytes(6).toString('hex')}-`,
    });
    return {
      store,
      knex: db.knex,
      async close() {
        await store.close();
        await db.drop();
      },
    };
  }

  eventStoreContract('EventStoreDB', openStore);
});
