/**
 * Child process for the "killed mid-batch" test: subscribes, writes one effect row per event inside
 * the batch transaction, and SIGKILLs itself halfway through a batch.
 */
import { createKnex } from '../../db/knex';
import { PostgresEventStore } from '../postgres';

const url = process.env.TEST_DATABASE_URL as string;
const killAt = Number(process.env.KILL_AT_VERSION);
const knex = createKnex(url, { max: 4 });
const store = new PostgresEventStore({ knex });

store.subscribe({
  name: 'killable',
  batchSize: 10,
  pollIntervalMs: 10,
  handle: async (events, trx) => {
    for (const event of events) {
      await trx('effects').insert({
        subscriber: 'killable',
        event_id: event.id,
        stream_id: event.streamId,
        stream_version: event.streamVersion,
      });
      if (event.streamVersion === killAt) {
        process.stdout.write('killing myself\n');
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => undefined);
      }
    }
  },
});
