/**
 * One service of the split topology in this process: `npm run start -w <service>` runs
 * `node --import tsx gateway/src/services/main.ts <service>` (docs/decisions/topology.md). Every service reads
 * the same configuration; DATABASE_URL is required, since the services meet in one database (read
 * models and checkpoints, also when EVENTSTORE_CONNECTION_STRING and KAFKA_BROKERS choose the
 * production event store and bus, which the composition selects).
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, createHttpServer, createLogger, loadConfig } from '@cc/platform';
import { gracefulShutdown } from '@cc/platform/process/gracefulShutdown';
import { SERVICES } from './services';
import { loadTopologyConfig } from './topology';

// Relative paths (DATA_DIR) mean the same as under `npm start`, whichever workspace npm ran this from.
process.chdir(fileURLToPath(new URL('../../..', import.meta.url)));

async function main() {
  const name = process.argv[2] ?? '';
  const start = SERVICES[name];
  if (!start) throw new ConfigError(`Which service? One of: ${Object.keys(SERVICES).join(', ')}`);
  const config = loadConfig();
  const topology = loadTopologyConfig();
  if (!config.databaseUrl)
    throw new ConfigError('DATABASE_URL is required when each service runs in its own process (they share one database).');
  delete process.env.ADMIN_PASSWORD;
  const logger = createLogger(config.logLevel).child({ service: name });
  const started = Date.now();
  const service = await start({
    config,
    logger,
    databaseUrl: config.databaseUrl,
    topology,
    pollIntervalMs: Number(process.env.POLL_INTERVAL_MS) || undefined,
  });
  const server = createHttpServer(service.handler, config.http);
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, 'server error');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => logger.info({ port: config.port, ms: Date.now() - started }, 'ready'));

  // SIGTERM drains the requests under way, then stops the service's workers at a batch boundary (docs/decisions/reliability.md).
  const shutdown = gracefulShutdown({ server, logger });
  shutdown.onStop(() => service.stop());
  shutdown.claimSignals();
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The service could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
