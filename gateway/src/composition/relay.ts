import { holdLease, type Lease, type Logger } from '@cc/platform';
import type { SelectedBus } from './adapters';

/** The lease whose holder runs the Kafka relay: one relay publishes, whichever processes could. */
export const RELAY_LEASE = 'claims-copilot:kafka-relay';

/**
 * Runs the relay while this process holds its lease (docs/decisions/topology.md); undefined on the embedded
 * bus, which needs none. A relay that cannot reach Kafka at start gives the lease up and tries again;
 * one that loses Kafka later waits it out (its faults are transient) without giving it up.
 */
export function relayUnderLease(options: { bus: SelectedBus; databaseUrl: string; logger: Logger; retryMs?: number }): Lease | undefined {
  const { startRelay } = options.bus;
  if (!startRelay) return undefined;
  const { logger } = options;
  return holdLease({
    connectionString: options.databaseUrl,
    key: RELAY_LEASE,
    retryMs: options.retryMs,
    onChange: (held) => logger.info({ held }, held ? 'relay lease taken: publishing events to Kafka' : 'relay lease given up'),
    async start() {
      try {
        const relay = await startRelay();
        return () => relay.stop();
      } catch (error) {
        logger.warn({ err: error }, 'relay: could not connect to Kafka; trying again');
        throw error;
      }
    },
  });
}
