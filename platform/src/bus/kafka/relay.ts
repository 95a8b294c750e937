import type { Admin, Kafka, Producer } from 'kafkajs';
import type { EventStore, RecordedEvent, Subscription, SubscriptionStateChange } from '../../eventstore/types';
import { TransientFault } from '../../subscriptions/faults';
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
  onError?: (error: unknown) => void;
  onStateChange?: (change: SubscriptionStateChange) => void;
}

/** An idempotent producer: a retried send after a lost acknowledgement is not written twice to its partition. */
export function idempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
}

/** Makes the topics that are missing (one partition set per category; messages keyed by stream). */
export class TopicMaker {
  private readonly known = new Set<string>();
  constructor(private readonly admin: Admin, private readonly partitions = 6) {}

  async ensure(topics: Iterable<string>): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.known.has(topic));
    if (missing.length === 0) return;
    const existing = new Set(await this.admin.listTopics());
    const toMake = missing.filter((topic) => !existing.has(topic));
    if (toMake.length > 0) {
      await this.admin.createTopics({ waitForLeaders: true, topics: toMake.map((topic) => ({ topic, numPartitions: this.partitions })) });
    }
    for (const topic of missing) this.known.add(topic);
  }
}

/** Publishes events in log order and resolves once every broker in sync acknowledged them (acks = all). */
export async function publishEvents(producer: Producer, topics: TopicMaker, events: readonly RecordedEvent[], prefix = DEFAULT_TOPIC_PREFIX): Promise<void> {
  const byTopic = new Map<string, ReturnType<typeof toMessage>[]>();
  for (const event of events) {
    const topic = topicOf(event.streamId, prefix);
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), toMessage(event)]);
  }
  await topics.ensure(byTopic.keys());
  await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
}

/**
 * Feeds Kafka from the event store (ARCHITECTURE §18): a catch-up subscription whose handler
 * publishes each batch and returns only after Kafka acknowledged it, so the checkpoint, moved in
 * the same PostgreSQL transaction after the handler, never passes an event Kafka does not hold. A
 * crash between the acknowledgement and the commit publishes the batch again: consumers
 * deduplicate by event id. Stop it before closing the store.
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
    onError: (error) => options.onError?.(error),
    onStateChange: options.onStateChange,
    // Kafka refusing or unreachable is never the event's fault: the relay waits, it never parks.
    handle: (events) =>
      publishEvents(producer, topics, events, prefix).catch((error: unknown) => {
        throw new TransientFault(`Kafka did not take the batch: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }),
  });
  const stop = subscription.stop.bind(subscription);
  return Object.assign(subscription, {
    stop: async () => {
      await stop();
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  });
}
