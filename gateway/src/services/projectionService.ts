import { createProjectionService } from '@cc/projection-service';
import { holdLease } from '@cc/platform';
import { openFoundation } from '../composition/foundation';
import { relayUnderLease } from '../composition/relay';
import { serviceApp } from './serviceApp';
import type { RunningService, ServiceContext } from './topology';

/** The lease every projection-service process tries for; its holder runs every projector. */
export const PROJECTIONS_LEASE = 'claims-copilot:projections';

/**
 * The projectors, one process at a time (docs/decisions/topology.md): every projection-service process tries
 * for the lease; its holder runs the projectors and the rebuild supervisor, the others wait and
 * take over when the holder's database session ends (a stop, a crash, kill -9). With Kafka, the relay
 * runs here too under a lease of its own, so one process publishes and another may project.
 */
export async function startProjectionService(context: ServiceContext & { leaseRetryMs?: number }): Promise<RunningService> {
  const { config, logger } = context;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: context.databaseUrl,
    poolSize: 10,
    clientId: 'projection-service',
    pollIntervalMs: context.pollIntervalMs,
  });
  const lease = holdLease({
    connectionString: context.databaseUrl,
    key: PROJECTIONS_LEASE,
    retryMs: context.leaseRetryMs,
    onChange: (held) => logger.info({ held }, held ? 'projections lease taken: running the projectors' : 'projections lease given up'),
    start() {
      // A fresh service per lease: nothing of an earlier turn carries over.
      const projections = createProjectionService({
        ...foundation,
        logger,
        pollIntervalMs: context.pollIntervalMs,
        access: foundation.records.access,
        support: foundation.records.support,
        rebuild: { batchSize: config.rebuildBatchSize },
      });
      projections.start();
      return () => projections.stop();
    },
  });
  const relay = relayUnderLease({ bus: foundation.bus, databaseUrl: context.databaseUrl, logger, retryMs: context.leaseRetryMs });
  const app = serviceApp({ logger, secret: context.topology.internalSecret, foundation });
  return {
    handler: app,
    async stop() {
      await relay?.stop();
      await lease.stop();
      await foundation.close();
    },
  };
}
