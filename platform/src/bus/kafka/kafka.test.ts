import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { migrate } from '../../db/migrations';
import { PostgresEventStore } from '../../eventstore/postgres';
import { eventStoreMigrations } from '../../eventstore/postgresMigrations';
import { createTestDatabase } from '../../testing/database';
import { describeWithServer } from '../../testing/productionServers';
import { busContract } from '../contract';
import { busMigrations } from '../migrations';
import { KafkaBus } from './kafkaBus';
import { TopicMaker, idempotentProducer, publishEvents, startKafkaRelay } from './relay';

describeWithServer('Kafka bus', 'kafka', (address) => {
  busContract('Kafka (relay from the event store, consumer groups)', async (categories) => {
    const db = await createTestDatabase('kafka');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    await migrate(db.knex, 'bus', busMigrations);
    const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
    const kafka = new Kafka({ clientId: 'cc-tests', brokers: address().split(','), logLevel: logLevel.NOTHING });
    // Each test gets its own topics, so consumer groups of one name never see another test's events.
    const topicPrefix = `cc.test.${randomBytes(4).toString('hex')}.`;
    const relay = await startKafkaRelay({ store, kafka, topicPrefix, categories, pollIntervalMs: 20 });
    const producer = idempotentProducer(kafka);
    const admin = kafka.admin();
    await Promise.all([producer.connect(), admin.connect()]);
    return {
      store,
      bus: new KafkaBus({ kafka, knex: db.knex, categories, topicPrefix }),
      knex: db.knex,
      // As a relay that crashed after Kafka's acknowledgement and before its commit would: publish again.
      async redeliver(_worker, events) {
        await publishEvents(producer, new TopicMaker(admin), events, topicPrefix);
      },
      async close() {
        await relay.stop();
        await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
        await store.close();
        await db.drop();
      },
    };
  });
});
