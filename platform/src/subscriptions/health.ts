import type { SubscriptionStateChange } from '../eventstore/types';
import { backoffMs } from './faults';

/**
 * Whether a subscriber is waiting out a transient fault. It reports each change of state once
 * (degraded, then recovered) however many retries happen in between, and paces the retries.
 */
export class SubscriptionHealth {
  private degradedSince: number | undefined;
  private faults = 0;

  constructor(
    private readonly subscription: string,
    private readonly maxBackoffMs: number,
    private readonly onStateChange?: (change: SubscriptionStateChange) => void,
  ) {}

  /** A transient fault happened; returns how long to pause before the next try. */
  fault(error: unknown): number {
    if (this.degradedSince === undefined) {
      this.degradedSince = Date.now();
      this.onStateChange?.({ subscription: this.subscription, state: 'degraded', error });
    }
    this.faults += 1;
    return backoffMs(this.faults, this.maxBackoffMs, 100);
  }

  /** Something that needed the database worked. */
  ok(): void {
    if (this.degradedSince === undefined) return;
    const downForMs = Date.now() - this.degradedSince;
    this.degradedSince = undefined;
    this.faults = 0;
    this.onStateChange?.({ subscription: this.subscription, state: 'recovered', downForMs });
  }

  isDegraded(): boolean {
    return this.degradedSince !== undefined;
  }
}
