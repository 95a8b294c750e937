/**
 * The whole app in this process for a bench, on a database the bench made: the app's own settings
 * (poll interval, read-your-writes wait), only password hashing cheaper; no sign-in limit, since a
 * bench signs many people in from one address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../platform/src/logger';
import { loadConfig } from '../platform/src/config';
import { startSystem, type System } from '../gateway/src/system';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const BENCH_ADMIN = { email: 'bench.admin@example.org', password: 'bench admin passphrase' };

/** A handler on a free loopback port. */
export async function listen(handler: http.RequestListener): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface BenchApp {
  system: System;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBenchApp(databaseUrl: string, dataDir: string): Promise<BenchApp> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    AUTH_IP_LIMIT_PER_MINUTE: '0',
  });
  const system = await startSystem({
    config,
    logger: createLogger('silent'),
    databaseUrl,
    frontendDist: path.resolve(HERE, '../frontend/dist'),
    scryptCost: 2 ** 10,
  });
  const server = await listen(system.app);
  return {
    system,
    baseUrl: server.baseUrl,
    async stop() {
      await server.close();
      await system.stop();
    },
  };
}
