import type { WorkerCommand } from '@cc/contracts';
import type { EventMetadata, GlobalPosition } from '../eventstore/types';

export interface SendOptions {
  /** Correlation and causation of the event that led to this command. */
  metadata: Partial<EventMetadata>;
  /**
   * Stable for one reaction to one event: the command's events get ids derived from it, so a
   * redelivered event that submits the same command again appends nothing new.
   */
  idempotencyKey: string;
}

/**
 * How workers submit commands (docs/decisions/subscriptions.md). Embedded: an in-process call into the command
 * service. Split: internal HTTP to the command service (docs/decisions/topology.md).
 */
export interface CommandBus {
  /**
   * Answers the position the command's events reached when the handler reports one, so a caller
   * answering a user (the test-mode payment form) can have the next read wait for it.
   */
  send(command: WorkerCommand, options: SendOptions): Promise<GlobalPosition | undefined>;
}
