import { setTimeout as sleep } from 'node:timers/promises';
import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import type { Knex } from 'knex';
import {
  START,
  UnreadableEventError,
  comparePositions,
  type ConcurrentSubscribeOptions,
  type GlobalPosition,
  type LogEntry,
  type Subscription,
} from '../../eventstore/types';
import { insertDeadLetter } from '../../subscriptions/checkpoints';
import { CheckpointWaiters, matches, subscriptionHandle } from '../../subscriptions/core';
import { backoffMs, isTransientFault } from '../../subscriptions/faults';
import { SubscriptionHealth } from '../../subscriptions/health';
import type { Bus } from '../types';
import { DEFAULT_TOPIC_PREFIX, fromMessage, messagePlace } from './messages';

export interface KafkaBusOptions {
  kafka: Kafka;
  /** Dead letters and the event ids each consumer has handled (migrations: eventStoreMigrations, busMigrations). */
  knex: Knex;
  /** The stream categories whose topics consumers read (a filter's streamPrefix narrows it to one). */
  categories: readonly string[];
  topicPrefix?: string;
}

/**
 * The bus on Kafka (ARCHITECTURE §18). A subscriber is a consumer group named after it; messages
 * of one stream share a partition and a partition is handled one message at a time, so a stream's
 * events arrive in order, and up to `concurrency` partitions are handled at once. An offset is
 * committed only after its message is handled or parked (at least once). Every handled event id
 * is remembered per consumer, so a message published twice (a relay retry) or redelivered after a
 * rebalance is handled once. Transient faults are waited out; the same event failing
 * `maxAttempts` times is parked in `subscription_dead_letters` like on the embedded bus.
 */
export class KafkaBus implements Bus {
  constructor(private readonly options: KafkaBusOptions) {}

  subscribeConcurrently(options: ConcurrentSubscribeOptions): Subscription {
    const { knex } = this.options;
    const prefix = this.options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    const maxAttempts = options.maxAttempts ?? 5;
    const maxBackoffMs = options.maxBackoffMs ?? 5000;
    const health = new SubscriptionHealth(options.name, maxBackoffMs, options.onStateChange);
    // Kafka has no single global position: this is the furthest event handled, for waitFor in tests and tools.
    const checkpoint = new CheckpointWaiters(START);
    const stopped = new AbortController();
    const categories = options.filter?.streamPrefix
      ? this.options.categories.filter((category) => options.filter!.streamPrefix!.startsWith(`${category}-`) || `${category}-`.startsWith(options.filter!.streamPrefix!))
      : this.options.categories;
    const topics = categories.map((category) => `${prefix}${category}`);
    const consumer: Consumer = this.options.kafka.consumer({ groupId: options.name, allowAutoTopicCreation: false });
    let running = true;
    let live = false;

    const reached = (position: GlobalPosition | undefined) => {
      if (position && comparePositions(position, checkpoint.position) > 0) checkpoint.set(position);
    };

    /** Tried until it works or the subscriber stops (dedupe bookkeeping, dead letters). */
    const persistently = async (work: () => Promise<unknown>): Promise<boolean> => {
      while (running) {
        try {
          await work();
          health.ok();
          return true;
        } catch (error) {
          if (!running) return false;
          await sleep(health.fault(error), undefined, { signal: stopped.signal }).catch(() => undefined);
        }
      }
      return false;
    };

    const alreadyHandled = async (eventId: string) => {
      let found = false;
      await persistently(async () => {
        found = Boolean(await knex('bus_deliveries').where({ consumer: options.name, event_id: eventId }).first('event_id'));
      });
      return found;
    };

    const remember = (eventId: string) =>
      persistently(() => knex.raw('insert into bus_deliveries (consumer, event_id) values (?, ?) on conflict do nothing', [options.name, eventId]));

    /** Resolves once the message is handled, skipped or parked; throws only when stopping, so its offset is not committed. */
    const deliver = async (message: KafkaMessage) => {
      const place = messagePlace(message);
      let entry: LogEntry;
      try {
        const event = fromMessage(message);
        entry = { id: event.id, type: event.type, streamId: event.streamId, position: event.position, event };
      } catch (error) {
        // Not a message the relay wrote: nothing to hand to anyone; parked when it can be named.
        if (place.id && place.position) {
          await persistently(() => insertDeadLetter(knex, options.name, { ...place, id: place.id!, position: place.position!, error: new UnreadableEventError(place.id!, place.type, 0, error) }, 1, error));
        }
        options.onError?.(error, { subscription: options.name, eventId: place.id, attempt: 1, parked: true });
        return;
      }
      if (!matches(options.filter, entry) || (await alreadyHandled(entry.id))) {
        reached(entry.position);
        return;
      }
      let failures = 0;
      while (running) {
        try {
          await options.handle(entry.event!, stopped.signal);
          health.ok();
          break;
        } catch (error) {
          if (!running) break;
          if (isTransientFault(error)) {
            await sleep(health.fault(error), undefined, { signal: stopped.signal }).catch(() => undefined);
            continue;
          }
          failures += 1;
          const parked = failures >= maxAttempts;
          options.onError?.(error, { subscription: options.name, eventId: entry.id, attempt: failures, parked });
          if (parked) {
            await persistently(() => insertDeadLetter(knex, options.name, entry, failures, error));
            break;
          }
          await sleep(backoffMs(failures, maxBackoffMs), undefined, { signal: stopped.signal }).catch(() => undefined);
        }
      }
      if (!running) throw new Error('stopping: the message is delivered again on the next start');
      await remember(entry.id);
      reached(entry.position);
    };

    const started = (async () => {
      await persistently(async () => {
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning: options.after === undefined || comparePositions(options.after, START) === 0 });
      });
      if (!running) return;
      consumer.on(consumer.events.GROUP_JOIN, () => (live = true));
      await consumer.run({
        partitionsConsumedConcurrently: concurrency,
        eachMessage: async ({ message }) => deliver(message),
      });
    })().catch((error: unknown) => options.onError?.(error, { subscription: options.name, attempt: 0, parked: false }));

    return subscriptionHandle(options.name, checkpoint, () => live, async () => {
      running = false;
      stopped.abort();
      await started;
      await consumer.disconnect().catch(() => undefined);
    });
  }
}
