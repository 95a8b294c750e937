import type { ConcurrentSubscribeOptions, Subscription } from '../eventstore/types';

/**
 * How workers receive events (docs/decisions/subscriptions.md). Embedded: the event store itself (a
 * concurrent catch-up subscription with a PostgreSQL checkpoint), so every `EventStore` is a Bus.
 * Production: Kafka (KafkaBus), fed by the relay. The same worker code runs on either: delivery is
 * at least once, per stream in order, a handler that keeps failing gets its event parked in
 * `subscription_dead_letters`, and transient faults are waited out.
 */
export interface Bus {
  subscribeConcurrently(options: ConcurrentSubscribeOptions): Subscription;
}
