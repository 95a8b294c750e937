import { setTimeout as sleep } from 'node:timers/promises';
import type { Consumer, EachMessagePayload, Kafka, KafkaMessage } from 'kafkajs';
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
  /** How often a consumer tells the group it is alive while a handler runs or waits (ms, default 3000, kafkajs's own interval). */
  heartbeatMs?: number;
  /**
   * How long a handled event id is remembered (ms, default 7 days). A redelivery comes from a
   * rebalance or a relay retry, minutes later at most; older ids are pruned every hour.
   */
  rememberDeliveriesMs?: number;
}

/** kafkajs's own test for "the group moved on without this member" (its heartbeat's answer). */
const lostTheGroup = (error: unknown) =>
  ['REBALANCE_IN_PROGRESS', 'NOT_COORDINATOR_FOR_GROUP', 'ILLEGAL_GENERATION', 'UNKNOWN_MEMBER_ID'].includes(
    String((error as { type?: unknown })?.type),
  );

/**
 * The bus on Kafka (docs/decisions/subscriptions.md). A subscriber is a consumer group named after it; messages
 * of one stream share a partition and a partition is handled one message at a time, so a stream's
 * events arrive in order, and up to `concurrency` partitions are handled at once. An offset is
 * committed only after its message is handled or parked (at least once). Every handled event id
 * is remembered per consumer, so a message published twice (a relay retry) or redelivered after a
 * rebalance is handled once. Transient faults are waited out; the same event failing
 * `maxAttempts` times is parked in `subscription_dead_letters` like on the embedded bus.
 *
 * kafkajs heartbeats only between messages, so a handler that outlasts the session timeout (an
 * analysis) would get its consumer evicted and the group rebalanced again and again. So while a
 * message is handled or waits out a fault, the consumer heartbeats every `heartbeatMs`, and the
 * partition is paused while a fault is waited out (nothing more is fetched for it). When a
 * heartbeat says the group is rebalancing, the handler is aborted and kafkajs's error thrown, so
 * kafkajs rejoins at once; the message is not marked handled and is delivered again after the
 * rebalance, to whichever member then holds its partition.
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
      ? this.options.categories.filter(
          (category) =>
            options.filter!.streamPrefix!.startsWith(`${category}-`) || `${category}-`.startsWith(options.filter!.streamPrefix!),
        )
      : this.options.categories;
    const topics = categories.map((category) => `${prefix}${category}`);
    const consumer: Consumer = this.options.kafka.consumer({ groupId: options.name, allowAutoTopicCreation: false });
    const heartbeatMs = this.options.heartbeatMs ?? 3000;
    const rememberMs = this.options.rememberDeliveriesMs ?? 7 * 24 * 3600_000;
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
      persistently(() =>
        knex.raw('insert into bus_deliveries (consumer, event_id) values (?, ?) on conflict do nothing', [options.name, eventId]),
      );

    /**
     * Resolves once the message is handled, skipped or parked; throws only when stopping or when the
     * group rebalanced, so its offset is not committed.
     */
    const deliver = async (message: KafkaMessage, group: Pick<EachMessagePayload, 'heartbeat' | 'pause'>) => {
      const inFlight = new AbortController();
      const signal = AbortSignal.any([stopped.signal, inFlight.signal]);
      let lost: unknown;
      const beat = setInterval(() => {
        group.heartbeat().catch((error: unknown) => {
          if (!lostTheGroup(error) || lost) return;
          lost = error;
          inFlight.abort();
        });
      }, heartbeatMs);
      try {
        await handleMessage(message, signal, group.pause, () => lost === undefined);
      } finally {
        clearInterval(beat);
      }
      if (lost) throw lost;
    };

    const handleMessage = async (message: KafkaMessage, signal: AbortSignal, pause: () => () => void, member: () => boolean) => {
      const place = messagePlace(message);
      let entry: LogEntry;
      try {
        const event = fromMessage(message);
        entry = { id: event.id, type: event.type, streamId: event.streamId, position: event.position, event };
      } catch (error) {
        // Not a message the relay wrote: nothing to hand to anyone; parked when it can be named.
        if (place.id && place.position) {
          await persistently(() =>
            insertDeadLetter(
              knex,
              options.name,
              { ...place, id: place.id!, position: place.position!, error: new UnreadableEventError(place.id!, place.type, 0, error) },
              1,
              error,
            ),
          );
        }
        options.onError?.(error, { subscription: options.name, eventId: place.id, attempt: 1, parked: true });
        return;
      }
      if (!matches(options.filter, entry) || (await alreadyHandled(entry.id))) {
        reached(entry.position);
        return;
      }
      let failures = 0;
      let done = false;
      let resume: (() => void) | undefined;
      while (running && member()) {
        try {
          await options.handle(entry.event!, signal);
          health.ok();
          // A handler that returned once aborted may not have finished: it comes again after the rebalance.
          done = member();
          break;
        } catch (error) {
          if (!running || !member()) break;
          if (isTransientFault(error)) {
            // Nothing more is fetched for this partition while its head waits; heartbeats go on.
            resume ??= pause();
            await sleep(health.fault(error), undefined, { signal }).catch(() => undefined);
            continue;
          }
          failures += 1;
          const parked = failures >= maxAttempts;
          options.onError?.(error, { subscription: options.name, eventId: entry.id, attempt: failures, parked });
          if (parked) {
            await persistently(() => insertDeadLetter(knex, options.name, entry, failures, error));
            done = true;
            break;
          }
          await sleep(backoffMs(failures, maxBackoffMs), undefined, { signal }).catch(() => undefined);
        }
      }
      resume?.();
      if (!done) {
        if (!running) throw new Error('stopping: the message is delivered again on the next start');
        // The group moved on: the message comes again after the rebalance (deliver throws kafkajs's error).
        return;
      }
      await remember(entry.id);
      reached(entry.position);
    };

    /** Forgets what was handled long ago, so the table does not grow with every event for ever. */
    const prune = () =>
      knex('bus_deliveries')
        .where({ consumer: options.name })
        .andWhere('handled_at', '<', new Date(Date.now() - rememberMs))
        .delete()
        .catch((error: unknown) => options.onError?.(error, { subscription: options.name, attempt: 0, parked: false }));
    const pruning = setInterval(() => void prune(), 3600_000);
    pruning.unref();

    const started = (async () => {
      await prune();
      await persistently(async () => {
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning: options.after === undefined || comparePositions(options.after, START) === 0 });
      });
      if (!running) return;
      consumer.on(consumer.events.GROUP_JOIN, () => (live = true));
      await consumer.run({
        partitionsConsumedConcurrently: concurrency,
        eachMessage: async ({ message, heartbeat, pause }) => deliver(message, { heartbeat, pause }),
      });
    })().catch((error: unknown) => options.onError?.(error, { subscription: options.name, attempt: 0, parked: false }));

    return subscriptionHandle(
      options.name,
      checkpoint,
      () => live,
      async () => {
        running = false;
        stopped.abort();
        clearInterval(pruning);
        await started;
        await consumer.disconnect().catch(() => undefined);
      },
    );
  }
}
