import { CompressionTypes, type Admin, type Kafka, type Message, type Producer } from 'kafkajs';
import type { EventStore, RecordedEvent, Subscription, SubscriptionStateChange } from '../../eventstore/types';
import { TransientFault } from '../../subscriptions/faults';
import { kafkaFault } from './faults';
import { DEFAULT_TOPIC_PREFIX, toMessage, topicOf } from './messages';

export interface KafkaRelayOptions {
  store: EventStore;
  kafka: Kafka;
  /** Checkpoint name (default `relay:kafka`); one relay per store. */
  name?: string;
  topicPrefix?: string;
  /** Topics made before the first event, so consumers can subscribe to them at once. */
  categories?: readonly string[];
  batchSize?: number;
  pollIntervalMs?: number;
  /** Sends of one event the broker refuses as too large before it is parked (default 3). */
  maxAttempts?: number;
  onError?: (error: unknown) => void;
  onStateChange?: (change: SubscriptionStateChange) => void;
}

/** An idempotent producer: a retried send after a lost acknowledgement is not written twice to its partition. */
export function idempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
}

/** How a topic of events is kept (docs/decisions/subscriptions.md): for good, and on as many brokers as can hold it. */
export function topicSettings(brokers: number): { replicationFactor: number; configEntries: { name: string; value: string }[] } {
  const replicationFactor = Math.max(1, Math.min(3, brokers));
  return {
    replicationFactor,
    configEntries: [
      // A consumer whose offset was deleted would skip events; the event store stays the log of record.
      { name: 'retention.ms', value: '-1' },
      { name: 'retention.bytes', value: '-1' },
      // With three copies an acknowledged event survives losing one broker.
      { name: 'min.insync.replicas', value: replicationFactor >= 3 ? '2' : '1' },
    ],
  };
}

/**
 * Makes the topics that are missing (one partition set per category; messages keyed by stream),
 * kept for good with min(3, brokers) replicas. A topic that exists is left as it is: kafkajs can
 * only replace a topic's whole configuration, which would undo what an operator set (README says
 * how to set retention on topics an older relay made).
 */
export class TopicMaker {
  private readonly known = new Set<string>();
  constructor(
    private readonly admin: Admin,
    private readonly partitions = 6,
  ) {}

  async ensure(topics: Iterable<string>): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.known.has(topic));
    if (missing.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const toMake = missing.filter((topic) => !existing.has(topic));
    if (toMake.length > 0) {
      const { brokers } = await this.admin.describeCluster();
      const settings = topicSettings(brokers.length);
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: toMake.map((topic) => ({ topic, numPartitions: this.partitions, ...settings })),
      });
    }
    for (const topic of missing) this.known.add(topic);
  }
}

/** One event the broker refuses whatever the batch (too large even alone and compressed): parked by the relay's subscription. */
export class RefusedEventError extends Error {
  constructor(
    readonly eventId: string,
    cause: unknown,
  ) {
    super(`Kafka refuses event ${eventId} even alone: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RefusedEventError';
  }
}

type Outgoing = { topic: string; message: Message; eventId: string };

/**
 * Publishes events in log order and resolves once every broker in sync acknowledged them (acks =
 * all), gzip-compressed. A batch the broker refuses (too large, a record it rejects) is halved,
 * and each half sent in turn, down to the single event, which is then thrown as RefusedEventError
 * (the halves before it are in Kafka: the narrowed retry sends them again, and consumers
 * deduplicate). Every other fault is a TransientFault, waited out: the client says it may pass,
 * or nothing sent differently could help (see kafkaFault).
 */
export async function publishEvents(
  producer: Producer,
  topics: TopicMaker,
  events: readonly RecordedEvent[],
  prefix = DEFAULT_TOPIC_PREFIX,
): Promise<void> {
  const outgoing: Outgoing[] = events.map((event) => ({
    topic: topicOf(event.streamId, prefix),
    message: toMessage(event),
    eventId: event.id,
  }));
  try {
    await topics.ensure(outgoing.map((item) => item.topic));
  } catch (error) {
    throw asRelayFault(error);
  }
  await sendHalving(producer, outgoing);
}

async function sendHalving(producer: Producer, outgoing: Outgoing[]): Promise<void> {
  const byTopic = new Map<string, Message[]>();
  for (const { topic, message } of outgoing) byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
  try {
    await producer.sendBatch({
      acks: -1,
      compression: CompressionTypes.GZIP,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  } catch (error) {
    if (kafkaFault(error) !== 'refused') throw asRelayFault(error);
    if (outgoing.length === 1) throw new RefusedEventError(outgoing[0]!.eventId, error);
    const half = Math.ceil(outgoing.length / 2);
    await sendHalving(producer, outgoing.slice(0, half));
    await sendHalving(producer, outgoing.slice(half));
  }
}

function asRelayFault(error: unknown): TransientFault {
  const message = error instanceof Error ? error.message : String(error);
  if (kafkaFault(error) === 'stuck') {
    return new TransientFault(
      `Kafka refuses the relay and says retrying will not help; an operator must act (the relay waits): ${message}`,
      { cause: error },
    );
  }
  return new TransientFault(`Kafka did not take the batch: ${message}`, { cause: error });
}

/**
 * Feeds Kafka from the event store (docs/decisions/subscriptions.md): a catch-up subscription that publishes each
 * batch with no transaction open, and moves its checkpoint only after Kafka acknowledged it, so the
 * checkpoint never passes an event Kafka does not hold. A crash between the acknowledgement and the
 * checkpoint publishes the batch again: consumers deduplicate by event id. Kafka unreachable or
 * busy is waited out; an event Kafka refuses whatever is done is parked in
 * `subscription_dead_letters` (with the reason) and the relay goes on. Stop it before closing the store.
 */
export async function startKafkaRelay(options: KafkaRelayOptions): Promise<Subscription> {
  const producer = idempotentProducer(options.kafka);
  const admin = options.kafka.admin();
  await producer.connect();
  await admin.connect();
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const topics = new TopicMaker(admin);
  if (options.categories?.length) await topics.ensure(options.categories.map((category) => `${prefix}${category}`));
  const subscription = options.store.subscribe({
    name: options.name ?? 'relay:kafka',
    batchSize: options.batchSize ?? 500,
    pollIntervalMs: options.pollIntervalMs,
    maxAttempts: options.maxAttempts ?? 3,
    onError: (error) => options.onError?.(error),
    onStateChange: options.onStateChange,
    publish: (events) => publishEvents(producer, topics, events, prefix),
  });
  const stop = subscription.stop.bind(subscription);
  return Object.assign(subscription, {
    stop: async () => {
      await stop();
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  });
}
