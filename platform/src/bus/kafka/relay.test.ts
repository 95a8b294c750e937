import { gzipSync } from 'node:zlib';
import {
  KafkaJSConnectionError,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  type Kafka,
  type ProducerBatch,
} from 'kafkajs';
import { migrate } from '../../db/migrations';
import { PostgresEventStore } from '../../eventstore/postgres';
import { eventStoreMigrations } from '../../eventstore/postgresMigrations';
import type { Subscription } from '../../eventstore/types';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { kafkaFault } from './faults';
import { startKafkaRelay, topicSettings } from './relay';
import { eventually } from '../../testing/eventually';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * kafkajs's own error classes, as its retrier hands them on (a non-retriable one wrapped once with
 * its cause). Their constructors take more at run time than kafkajs's typings say.
 */
const protocolError = (type: string, code: number, retriable: boolean) =>
  new KafkaJSProtocolError({ type, code, retriable, message: type } as unknown as Error);
const NonRetriable = KafkaJSNonRetriableError as unknown as new (error: Error, options: { cause: Error }) => Error;
const tooLarge = () => {
  const inner = protocolError('MESSAGE_TOO_LARGE', 10, false);
  return new NonRetriable(inner, { cause: inner });
};

describe('Kafka client errors as the relay reads them', () => {
  it('tells a refused record from a passing fault and from one that needs an operator', () => {
    expect(kafkaFault(tooLarge())).toBe('refused');
    expect(kafkaFault(protocolError('RECORD_LIST_TOO_LARGE', 18, false))).toBe('refused');
    const leader = protocolError('NOT_LEADER_FOR_PARTITION', 6, true);
    expect(kafkaFault(new KafkaJSNumberOfRetriesExceeded(leader, { retryCount: 5, retryTime: 1000 }))).toBe('transient');
    expect(kafkaFault(new KafkaJSConnectionError('Connection error: ECONNREFUSED'))).toBe('transient');
    const denied = protocolError('TOPIC_AUTHORIZATION_FAILED', 29, false);
    expect(kafkaFault(new NonRetriable(denied, { cause: denied }))).toBe('stuck');
  });

  it('keeps topics for good, with three replicas and two in sync where there are three brokers', () => {
    expect(topicSettings(1)).toEqual({
      replicationFactor: 1,
      configEntries: [
        { name: 'retention.ms', value: '-1' },
        { name: 'retention.bytes', value: '-1' },
        { name: 'min.insync.replicas', value: '1' },
      ],
    });
    expect(topicSettings(5).replicationFactor).toBe(3);
    expect(topicSettings(5).configEntries).toContainEqual({ name: 'min.insync.replicas', value: '2' });
  });
});

/**
 * No Kafka broker runs here, and none speaking its protocol is on npm, so the relay meets a
 * stand-in for kafkajs's producer with a broker's `message.max.bytes` (gzip-compressed, as sent).
 * The same relay runs against a real broker in the Kafka contract suite (kafka.test.ts).
 */
function smallBroker(maxBytes: number) {
  const topics = new Map<string, string[]>();
  const state = { sends: 0, refused: 0, outage: 0, holdSends: undefined as Promise<void> | undefined };
  const producer = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    async sendBatch(batch: ProducerBatch) {
      state.sends += 1;
      await state.holdSends;
      if (state.outage > 0) {
        state.outage -= 1;
        throw new KafkaJSNumberOfRetriesExceeded(protocolError('LEADER_NOT_AVAILABLE', 5, true), { retryCount: 5, retryTime: 100 });
      }
      const values = batch.topicMessages!.flatMap((t) => t.messages.map((m) => String(m.value)));
      if (gzipSync(values.join('')).length > maxBytes) {
        state.refused += 1;
        throw tooLarge();
      }
      for (const { topic, messages } of batch.topicMessages!)
        topics.set(topic, [...(topics.get(topic) ?? []), ...messages.map((m) => String(m.headers!['event-id']))]);
      return [];
    },
  };
  const admin = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    listTopics: async () => [...topics.keys()],
    describeCluster: async () => ({ brokers: [{ nodeId: 1, host: 'localhost', port: 9092 }], controller: 1, clusterId: 'test' }),
    createTopics: async ({ topics: made }: { topics: { topic: string }[] }) => {
      for (const { topic } of made) topics.set(topic, []);
      return true;
    },
  };
  const kafka = { producer: () => producer, admin: () => admin } as unknown as Kafka;
  return { kafka, topics, state };
}

describe('the Kafka relay', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let relay: Subscription | undefined;
  beforeEach(async () => {
    db = await createTestDatabase('relay');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    store = new PostgresEventStore({ knex: db.knex, connectionString: db.url });
  });
  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await store.close();
    await db.drop();
  });

  /** Events whose bodies gzip poorly, so their size is what the broker sees. */
  const noise = (bytes: number) => Array.from({ length: bytes }, () => Math.floor(Math.random() * 36).toString(36)).join('');

  it('halves a batch the broker refuses as too large, parks the one event too large alone, and goes on', async () => {
    const broker = smallBroker(4000);
    const events = Array.from({ length: 12 }, (_, i) => ({ type: 'Noted', data: { i, text: noise(i === 7 ? 6000 : 400) } }));
    await store.appendToStream('claim-1', events, { expectedVersion: 0 });
    const errors: unknown[] = [];
    relay = await startKafkaRelay({
      store,
      kafka: broker.kafka,
      topicPrefix: 't.',
      pollIntervalMs: 20,
      onError: (error) => errors.push(error),
    });
    await relay.waitFor(await store.headPosition(), 15_000);
    const stored = (await store.readStream('claim-1')).events;
    const published = broker.topics.get('t.claim')!;
    // Every event but the oversized one reached Kafka, in order (some twice: consumers deduplicate).
    expect([...new Set(published)]).toEqual(stored.filter((e) => e.streamVersion !== 8).map((e) => e.id));
    expect(broker.state.refused).toBeGreaterThan(0);
    const parked = await db.knex('subscription_dead_letters').where({ subscription: 'relay:kafka' });
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ event_id: stored[7]!.id, type: 'Noted' });
    expect(parked[0].error).toMatch(/refuses event .* even alone/);
    // The relay is not stuck: a later event goes through.
    const later = await store.appendToStream('claim-1', [{ type: 'Noted', data: { text: 'after' } }], { expectedVersion: 12 });
    await relay.waitFor(later.position, 10_000);
    expect(broker.topics.get('t.claim')!.at(-1)).toBe((await store.readStream('claim-1', { after: 12 })).events[0]!.id);
  });

  it('waits out a broker that is not available and parks nothing', async () => {
    const broker = smallBroker(1_000_000);
    broker.state.outage = 4;
    await store.appendToStream(
      'claim-2',
      [
        { type: 'Noted', data: {} },
        { type: 'Noted', data: {} },
      ],
      { expectedVersion: 0 },
    );
    relay = await startKafkaRelay({ store, kafka: broker.kafka, topicPrefix: 't.', pollIntervalMs: 20 });
    await relay.waitFor(await store.headPosition(), 20_000);
    expect(broker.topics.get('t.claim')).toHaveLength(2);
    expect(await db.knex('subscription_dead_letters')).toEqual([]);
  });

  it('holds no database transaction open while a batch is out to Kafka', async () => {
    const broker = smallBroker(1_000_000);
    let release!: () => void;
    broker.state.holdSends = new Promise<void>((resolve) => (release = resolve));
    await store.appendToStream('claim-3', [{ type: 'Noted', data: {} }], { expectedVersion: 0 });
    relay = await startKafkaRelay({ store, kafka: broker.kafka, topicPrefix: 't.', pollIntervalMs: 20 });
    await eventually(() => broker.state.sends > 0);
    await sleep(100);
    const open = await db.knex.raw<{ rows: { state: string }[] }>(
      "select state from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    release();
    expect(open.rows).toEqual([]);
    await relay.waitFor(await store.headPosition(), 10_000);
    expect(broker.topics.get('t.claim')).toHaveLength(1);
  });
});
