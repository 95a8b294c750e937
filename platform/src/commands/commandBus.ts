import type { WorkerCommand } from '@cc/contracts';
import type { EventMetadata } from '../eventstore/types';

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
 * How workers submit commands (ARCHITECTURE §7). Embedded: an in-process call into the command
 * service. Production: internal HTTP to the command service (not built yet).
 */
export interface CommandBus {
  send(command: WorkerCommand, options: SendOptions): Promise<void>;
}
