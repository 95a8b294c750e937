import { createHash } from 'node:crypto';
import type { EventMetadata, EventStore, RecordedEvent, Subscription, SubscriptionFilter } from '../eventstore/types';
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
  maxAttempts?: number;
  pollIntervalMs?: number;
  onError?: (error: unknown, context: { eventId?: string; attempt: number; parked: boolean }) => void;
}

export interface WorkerContext {
  /** Metadata for commands caused by this event: same correlation, causation = this event. */
  metadata: Partial<EventMetadata>;
  /** A stable id for the n-th event this worker appends because of this event. */
  eventId(n?: number): string;
}

/** A UUID-shaped id derived from its inputs, so the same reaction always appends the same event id. */
export function idempotentEventId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 8 (custom) UUID layout.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A worker on the event store (the embedded bus): events in global order, one at a time, each
 * committed with the checkpoint. A handler that fails is retried, then the event is parked in the
 * dead-letter table. An append that repeats an earlier one (same idempotent id) counts as done.
 */
export function startWorker(store: EventStore, options: WorkerOptions): Subscription {
  return store.subscribe({
    name: `worker:${options.name}`,
    filter: options.filter,
    batchSize: 1,
    maxAttempts: options.maxAttempts,
    pollIntervalMs: options.pollIntervalMs,
    onError: (error, context) => options.onError?.(error, context),
    handle: async (events) => {
      for (const event of events) {
        const context: WorkerContext = {
          metadata: { userId: null, correlationId: event.metadata.correlationId, causationId: event.id },
          eventId: (n = 0) => idempotentEventId(options.name, event.id, String(n)),
        };
        try {
          await options.handle(event, context);
        } catch (error) {
          if (!(error instanceof DuplicateEventError)) throw error;
        }
      }
    },
  });
}
