import { createHash } from 'node:crypto';
import type { Bus } from '../bus/types';
import type { EventMetadata, RecordedEvent, Subscription, SubscriptionFilter, SubscriptionStateChange } from '../eventstore/types';
import { DuplicateEventError } from '../eventstore/types';

export interface WorkerOptions {
  /** Stable worker name; its checkpoint is `worker:<name>`. */
  name: string;
  filter?: SubscriptionFilter;
  /**
   * Reacts to one event, usually by submitting commands. Delivery is at least once: use
   * {@link idempotentEventId} for what it appends, so a repeated delivery yields one result.
   */
  handle(event: RecordedEvent, context: WorkerContext): Promise<void>;
  /** How many events are handled at once (default 1); events of one stream always one after another. */
  concurrency?: number;
  maxAttempts?: number;
  pollIntervalMs?: number;
  maxBackoffMs?: number;
  onError?: (error: unknown, context: { eventId?: string; attempt: number; parked: boolean }) => void;
  /** Told once when the worker starts waiting out a database or network fault, and once when it is past it. */
  onStateChange?: (change: SubscriptionStateChange) => void;
}

export interface WorkerContext {
  /** Metadata for commands caused by this event: same correlation, causation = this event. */
  metadata: Partial<EventMetadata>;
  /** A stable id for the n-th event this worker appends because of this event. */
  eventId(n?: number): string;
  /** Aborted when the worker stops; the event is then delivered again on the next start. */
  signal: AbortSignal;
}

/** A UUID-shaped id derived from its inputs, so the same reaction always appends the same event id. */
export function idempotentEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 8 (custom) UUID layout.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A worker on a bus: the event store itself (embedded) or Kafka; an EventStore is a Bus. The handler runs outside any transaction — it
 * may take as long as an engine or a payment provider takes without holding a connection — and up
 * to `concurrency` events are handled at once (events of one stream in order). The checkpoint moves
 * past an event only when it and everything before it are handled, so a crash redelivers what was
 * not answered. Transient faults are waited out; a handler that keeps failing on one event gets it
 * parked in the dead-letter table. An append that repeats an earlier one (same idempotent id)
 * counts as done.
 */
export interface WorkerSubscription extends Subscription {
  /**
   * Runs one event through the worker's handler again, outside the subscription (support retrying a
   * dead letter). Same context as a delivery, so the commands it sends keep their idempotent ids.
   */
  handleAgain(event: RecordedEvent): Promise<void>;
}

/** `bus` is the event store itself (embedded) or Kafka's consumer (production): the same worker code runs on either. */
export function startWorker(bus: Bus, options: WorkerOptions): WorkerSubscription {
  const deliver = async (event: RecordedEvent, signal: AbortSignal) => {
    const context: WorkerContext = {
      metadata: { userId: null, correlationId: event.metadata.correlationId, causationId: event.id },
      eventId: (n = 0) => idempotentEventId(options.name, event.id, String(n)),
      signal,
    };
    try {
      await options.handle(event, context);
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  };
  const subscription = bus.subscribeConcurrently({
    name: `worker:${options.name}`,
    filter: options.filter,
    concurrency: options.concurrency,
    maxAttempts: options.maxAttempts,
    pollIntervalMs: options.pollIntervalMs,
    maxBackoffMs: options.maxBackoffMs,
    onError: (error, context) => options.onError?.(error, context),
    onStateChange: options.onStateChange,
    handle: deliver,
  });
  return Object.assign(subscription, { handleAgain: (event: RecordedEvent) => deliver(event, new AbortController().signal) });
}
