import { randomBytes } from 'node:crypto';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { migrate } from '../../db/migrations';
import { PostgresEventStore } from '../../eventstore/postgres';
import { eventStoreMigrations } from '../../eventstore/postgresMigrations';
import { createTestDatabase } from '../../testing/database';
import { describeWithServer } from '../../testing/productionServers';
import { busContract } from '../contract';
import { busMigrations } from '../migrations';
import { KafkaBus } from './kafkaBus';
import { TopicMaker, idempotentProducer, publishEvents, startKafkaRelay, topicSettings } from './relay';

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

  describe('topics and refusals on a real broker', () => {
    let kafka: Kafka;
    let admin: ReturnType<Kafka['admin']>;
    beforeAll(async () => {
      kafka = new Kafka({ clientId: 'cc-tests', brokers: address().split(','), logLevel: logLevel.NOTHING });
      admin = kafka.admin();
      await admin.connect();
    });
    afterAll(async () => admin.disconnect());

    it('makes a topic kept for good, with min(3, brokers) replicas and the in-sync minimum that goes with them', async () => {
      const topic = `cc.test.${randomBytes(4).toString('hex')}.claim`;
      await new TopicMaker(admin).ensure([topic]);
      const { brokers } = await admin.describeCluster();
      const expected = topicSettings(brokers.length);
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [
          { type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms', 'retention.bytes', 'min.insync.replicas'] },
        ],
      });
      const entries = Object.fromEntries(described.resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
      expect(entries).toEqual(Object.fromEntries(expected.configEntries.map((entry) => [entry.name, entry.value])));
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
      for (const partition of metadata.topics[0]!.partitions) expect(partition.replicas).toHaveLength(expected.replicationFactor);
    });

    it('parks an event the broker refuses as too large even alone, and publishes the rest', async () => {
      const db = await createTestDatabase('kafka');
      await migrate(db.knex, 'platform', eventStoreMigrations);
      const store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
      const topicPrefix = `cc.test.${randomBytes(4).toString('hex')}.`;
      // A topic whose message.max.bytes is small, as a broker's own limit would be for a large event.
      await admin.createTopics({
        waitForLeaders: true,
        topics: [{ topic: `${topicPrefix}claim`, numPartitions: 1, configEntries: [{ name: 'max.message.bytes', value: '4096' }] }],
      });
      const noise = (bytes: number) => randomBytes(bytes).toString('base64');
      await store.appendToStream(
        'claim-1',
        [0, 1, 2, 3].map((i) => ({ type: 'Noted', data: { text: noise(i === 2 ? 20_000 : 200) } })),
        { expectedVersion: 0 },
      );
      const relay = await startKafkaRelay({ store, kafka, topicPrefix, pollIntervalMs: 20 });
      try {
        await relay.waitFor(await store.headPosition(), 60_000);
        const stored = (await store.readStream('claim-1')).events;
        const parked = await db.knex('subscription_dead_letters').where({ subscription: 'relay:kafka' });
        expect(parked.map((row: { event_id: string }) => row.event_id)).toEqual([stored[2]!.id]);
        const offsets = await admin.fetchTopicOffsets(`${topicPrefix}claim`);
        expect(Number(offsets[0]!.high)).toBeGreaterThanOrEqual(3);
      } finally {
        await relay.stop();
        await store.close();
        await db.drop();
      }
    }, 90_000);
  });
});
