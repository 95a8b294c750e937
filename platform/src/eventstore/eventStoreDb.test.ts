import { randomBytes, randomUUID } from 'node:crypto';
import { migrate } from '../db/migrations';
import { createTestDatabase } from '../testing/database';
import { startFaultyProxy } from '../testing/faultyProxy';
import { describeWithServer } from '../testing/productionServers';
import { eventStoreContract, type ContractFactoryOptions } from './contract';
import { EventStoreDbEventStore } from './eventStoreDb';
import { eventStoreMigrations } from './postgresMigrations';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithServer('EventStoreDB adapter', 'eventstore', (address) => {
  async function openStore(options: ContractFactoryOptions & { connectionString?: string; namespace?: string } = {}) {
    // Checkpoints, dead letters and snapshots live in PostgreSQL next to the effects they cover.
    const db = await createTestDatabase('esdb');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    const store = new EventStoreDbEventStore({
      connectionString: options.connectionString ?? address(),
      knex: db.knex,
      upcast: options.upcast,
      schemaVersionOf: options.schemaVersionOf,
      // Tests share one server: each store sees only its own streams, as a fresh database would.
      namespace: options.namespace ?? `t${randomBytes(6).toString('hex')}-`,
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

  describe('appends whose answer is lost', () => {
    it('writes one copy when the answer to a committed append is lost and the append is sent again', async () => {
      const server = new URL(address().replace(/^[a-z+]+:/, 'http:'));
      const proxy = await startFaultyProxy({ host: server.hostname, port: Number(server.port) });
      const namespace = `t${randomBytes(6).toString('hex')}-`;
      const direct = await openStore({ namespace });
      const proxied = await openStore({ namespace, connectionString: `kurrentdb://127.0.0.1:${proxy.port}?tls=false` });
      try {
        const id = `claim-${randomUUID()}`;
        await proxied.store.appendToStream(id, [{ type: 'Opened', data: {} }], { expectedVersion: 0 });
        // The server takes the next append; its answer never comes back.
        await proxy.setMode('mute');
        const append = proxied.store.appendToStream(
          id,
          [
            { type: 'Noted', data: { n: 1 } },
            { type: 'Noted', data: { n: 2 } },
          ],
          { expectedVersion: 1 },
        );
        for (let i = 0; i < 200 && (await direct.store.readStream(id)).version < 3; i++) await sleep(25);
        expect((await direct.store.readStream(id)).version).toBe(3);
        // The connection breaks (a leader election, a lost route); the client sends the append again.
        await proxy.setMode('refuse');
        await sleep(300);
        await proxy.setMode('up');
        const result = await append;
        expect(result.nextExpectedVersion).toBe(3);
        const events = (await direct.store.readStream(id)).events;
        expect(events.map((e) => e.type)).toEqual(['Opened', 'Noted', 'Noted']);
        expect(result.position).toEqual(events[2]!.position);
      } finally {
        await proxied.close();
        await direct.close();
        await proxy.close();
      }
    }, 60_000);

    it('goes on with a chosen id whose earlier claim was never written (a crash between claim and append)', async () => {
      const ctx = await openStore();
      try {
        const id = `claim-${randomUUID()}`;
        const chosen = randomUUID();
        // What a process that died after claiming and before appending leaves behind.
        await ctx.knex('eventstore_event_ids').insert({ event_id: chosen, stream_id: `elsewhere-${randomUUID()}`, stream_version: 1 });
        await ctx.store.appendToStream(id, [{ type: 'Done', id: chosen, data: {} }], { expectedVersion: 'any' });
        expect((await ctx.store.readStream(id)).events.map((e) => e.id)).toEqual([chosen]);
        await expect(
          ctx.store.appendToStream(id, [{ type: 'Done', id: chosen, data: {} }], { expectedVersion: 'any' }),
        ).rejects.toMatchObject({ name: 'DuplicateEventError' });
      } finally {
        await ctx.close();
      }
    });
  });
});
