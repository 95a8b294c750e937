import type { RequestListener } from 'node:http';
import { z } from 'zod';
import { ConfigError, type AppConfig, type Logger } from '@cc/platform';

/** What the split topology adds to the shared configuration (docs/ARCHITECTURE.md, "Two ways to run"; docker-compose.yml). */
const topologySchema = z.object({
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  COMMAND_SERVICE_URL: z.url().default('http://localhost:4001'),
  AI_WORKER_URL: z.url().default('http://localhost:4003'),
  BILLING_SERVICE_URL: z.url().default('http://localhost:4004'),
});

export interface TopologyConfig {
  internalSecret: string;
  commandServiceUrl: string;
  aiWorkerUrl: string;
  billingServiceUrl: string;
}

export function loadTopologyConfig(env: NodeJS.ProcessEnv = process.env): TopologyConfig {
  const parsed = topologySchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      `Configuration error (one process per service):\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    internalSecret: e.INTERNAL_SECRET,
    commandServiceUrl: e.COMMAND_SERVICE_URL,
    aiWorkerUrl: e.AI_WORKER_URL,
    billingServiceUrl: e.BILLING_SERVICE_URL,
  };
}

/** Everything a service process is started with. */
export interface ServiceContext {
  config: AppConfig;
  logger: Logger;
  databaseUrl: string;
  topology: TopologyConfig;
  /** Subscribers' poll interval (tests shorten it). */
  pollIntervalMs?: number;
}

/** A started service: its HTTP app (internal port), whether it is healthy, and how to stop it. */
export interface RunningService {
  handler: RequestListener;
  stop(): Promise<void>;
}
