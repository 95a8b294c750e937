import { randomUUID } from 'node:crypto';
import { KafkaJSProtocolError, type EachMessagePayload, type Kafka, type KafkaMessage } from 'kafkajs';
import { migrate } from '../../db/migrations';
import { eventStoreMigrations } from '../../eventstore/postgresMigrations';
import type { RecordedEvent, Subscription } from '../../eventstore/types';
import { TransientFault } from '../../subscriptions/faults';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { busMigrations } from '../migrations';
import { KafkaBus } from './kafkaBus';
import { toMessage } from './messages';
import { eventually } from '../../testing/eventually';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * No Kafka broker runs here, so the consumer group is a stand-in for kafkajs's consumer that hands
 * over its `eachMessage`: the test then plays the group, as kafkajs's runner would, one message at
 * a time with its `heartbeat` and `pause`. The Kafka contract suite runs the same bus on a broker.
 */
function standInGroup() {
  let eachMessage: ((payload: EachMessagePayload) => Promise<void>) | undefined;
  const consumer = {
    connect: async () => undefined,
    subscribe: async () => undefined,
    disconnect: async () => undefined,
    on: () => () => undefined,
    events: { GROUP_JOIN: 'consumer.group_join' },
    run: async (config: { eachMessage: (payload: EachMessagePayload) => Promise<void> }) => void (eachMessage = config.eachMessage),
  };
  const kafka = { consumer: () => consumer } as unknown as Kafka;
  return { kafka, ready: () => eachMessage !== undefined, deliver: (payload: EachMessagePayload) => eachMessage!(payload) };
}

const event = (): RecordedEvent => ({
  id: randomUUID(),
  type: 'DocumentAnalysisRequested',
  data: { documentId: randomUUID() },
  metadata: { userId: 'u-1', correlationId: 'c-1', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  streamId: `document-${randomUUID()}`,
  streamVersion: 1,
  position: { txId: 100n, seq: 1n },
  recordedAt: new Date(),
});

/** The message as a consumer receives it (Buffers, not strings). */
function received(recorded: RecordedEvent): KafkaMessage {
  const message = toMessage(recorded);
  return {
    key: Buffer.from(String(message.key)),
    value: Buffer.from(String(message.value)),
    headers: Object.fromEntries(Object.entries(message.headers!).map(([k, v]) => [k, Buffer.from(String(v))])),
    timestamp: String(Date.now()),
    attributes: 0,
    offset: '0',
  };
}

describe('the Kafka bus consumer', () => {
  let db: TestDatabase;
  let subscription: Subscription | undefined;
  beforeEach(async () => {
    db = await createTestDatabase('kafkabus');
    await migrate(db.knex, 'platform', eventStoreMigrations);
    await migrate(db.knex, 'bus', busMigrations);
  });
  afterEach(async () => {
    await subscription?.stop();
    subscription = undefined;
    await db.drop();
  });

  const payload = (message: KafkaMessage, heartbeat: () => Promise<void>, pause: () => () => void): EachMessagePayload =>
    ({ topic: 'cc.events.document', partition: 0, message, heartbeat, pause }) as EachMessagePayload;

  it('heartbeats while a long handler runs, so the group does not evict the consumer', async () => {
    const group = standInGroup();
    const bus = new KafkaBus({ kafka: group.kafka, knex: db.knex, categories: ['document'], heartbeatMs: 20 });
    subscription = bus.subscribeConcurrently({ name: 'analysis', handle: async () => void (await sleep(300)) });
    await eventually(group.ready);
    let beats = 0;
    const recorded = event();
    await group.deliver(
      payload(
        received(recorded),
        async () => void (beats += 1),
        () => () => undefined,
      ),
    );
    // A handler fifteen heartbeat intervals long: kafkajs alone would have sent none.
    expect(beats).toBeGreaterThanOrEqual(5);
    expect(await db.knex('bus_deliveries').where({ consumer: 'analysis' }).pluck('event_id')).toEqual([recorded.id]);
  });

  it('pauses the partition while a fault is waited out, heartbeating, and resumes it once past', async () => {
    const group = standInGroup();
    const bus = new KafkaBus({ kafka: group.kafka, knex: db.knex, categories: ['document'], heartbeatMs: 20 });
    let outages = 3;
    subscription = bus.subscribeConcurrently({
      name: 'analysis',
      maxBackoffMs: 60,
      handle: async () => {
        if (outages-- > 0) throw new TransientFault('command service unavailable');
      },
    });
    await eventually(group.ready);
    const calls: string[] = [];
    await group.deliver(
      payload(
        received(event()),
        async () => void calls.push('beat'),
        () => {
          calls.push('pause');
          return () => calls.push('resume');
        },
      ),
    );
    expect(calls.filter((c) => c !== 'beat')).toEqual(['pause', 'resume']);
    // Heartbeats went on while the partition was paused.
    expect(calls.slice(calls.indexOf('pause'), calls.indexOf('resume')).filter((c) => c === 'beat').length).toBeGreaterThan(0);
    expect(await db.knex('subscription_dead_letters')).toEqual([]);
  });

  it('gives the message back when a heartbeat says the group is rebalancing: the handler is aborted and nothing is marked handled', async () => {
    const group = standInGroup();
    const bus = new KafkaBus({ kafka: group.kafka, knex: db.knex, categories: ['document'], heartbeatMs: 20 });
    let aborted = false;
    subscription = bus.subscribeConcurrently({
      name: 'analysis',
      handle: (_event, signal) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          signal.addEventListener('abort', () => {
            aborted = true;
            clearTimeout(timer);
            resolve();
          });
        }),
    });
    await eventually(group.ready);
    const rebalancing = new KafkaJSProtocolError({
      type: 'REBALANCE_IN_PROGRESS',
      code: 27,
      retriable: false,
      message: 'rebalancing',
    } as unknown as Error);
    let beats = 0;
    const delivered = group.deliver(
      payload(
        received(event()),
        async () => {
          beats += 1;
          if (beats >= 2) throw rebalancing;
        },
        () => () => undefined,
      ),
    );
    await expect(delivered).rejects.toBe(rebalancing);
    expect(aborted).toBe(true);
    expect(await db.knex('bus_deliveries')).toEqual([]);
  });

  it('forgets event ids handled longer ago than it remembers them', async () => {
    const group = standInGroup();
    const old = randomUUID();
    const recent = randomUUID();
    await db.knex('bus_deliveries').insert([
      { consumer: 'analysis', event_id: old, handled_at: new Date(Date.now() - 8 * 24 * 3600_000) },
      { consumer: 'analysis', event_id: recent, handled_at: new Date(Date.now() - 3600_000) },
      { consumer: 'someone-else', event_id: old, handled_at: new Date(Date.now() - 8 * 24 * 3600_000) },
    ]);
    const bus = new KafkaBus({ kafka: group.kafka, knex: db.knex, categories: ['document'] });
    subscription = bus.subscribeConcurrently({ name: 'analysis', handle: async () => undefined });
    await eventually(group.ready);
    const left = await db.knex('bus_deliveries').orderBy('consumer').select('consumer', 'event_id');
    expect(left).toEqual([
      { consumer: 'analysis', event_id: recent },
      { consumer: 'someone-else', event_id: old },
    ]);
  });
});
