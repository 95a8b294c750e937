import {
  analysisClaims,
  createOfflineEngine,
  openAiEngineFromEnv,
  DOCUMENT_ANALYSIS_WORKER,
  startDocumentAnalysisWorker,
  type AnalysisEngine,
} from '@cc/ai-worker';
import { chatCommands } from '@cc/command-service';
import { createProjectionService } from '@cc/projection-service';
import { serveDeadLetterRetries, HttpCommandBus } from '@cc/platform';
import { composeAssistant } from '../composition/assistant';
import { openFoundation } from '../composition/foundation';
import { serviceApp } from './serviceApp';
import type { RunningService, ServiceContext } from './topology';

/**
 * Document analysis and the chat assistant. Analyses are answered through the command service
 * (HTTP, signed); several ai-worker processes split them by claiming each before its engine runs
 * (with Kafka the consumer group splits them first; the claims stay as a second guard).
 * The chat's streaming routes are forwarded here by the gateway and answered as they are generated.
 */
export async function startAiWorker(
  context: ServiceContext & { analysisEngine?: AnalysisEngine; claimTtlMs?: number },
): Promise<RunningService> {
  const { config, logger } = context;
  const foundation = await openFoundation({
    config,
    logger,
    databaseUrl: context.databaseUrl,
    poolSize: 10,
    clientId: 'ai-worker',
    pollIntervalMs: context.pollIntervalMs,
  });
  const readSide = createProjectionService({ ...foundation, logger });
  const commands = new HttpCommandBus({ url: context.topology.commandServiceUrl, secret: context.topology.internalSecret });
  const engine = context.analysisEngine ?? openAiEngineFromEnv(process.env) ?? createOfflineEngine();
  logger.info({ engine: engine.name, model: engine.model }, 'document analysis engine');
  const worker = startDocumentAnalysisWorker({
    store: foundation.store,
    bus: foundation.bus.bus,
    storage: foundation.storage,
    commands,
    engine,
    logger,
    pollIntervalMs: context.pollIntervalMs,
    concurrency: config.analysisConcurrency,
    claims: analysisClaims(foundation.knex, { ttlMs: context.claimTtlMs }),
  });
  // Support's retries of parked analysis requests arrive through the shared database (docs/decisions/topology.md).
  const retries = serveDeadLetterRetries({
    knex: foundation.knex,
    store: foundation.store,
    subscription: `worker:${DOCUMENT_ANALYSIS_WORKER}`,
    handleAgain: (event) => worker.handleAgain(event),
    logger,
  });
  const app = serviceApp({
    logger,
    secret: context.topology.internalSecret,
    foundation,
    routes: composeAssistant({ logger, chat: chatCommands(foundation), queries: readSide.queries }),
  });
  return {
    handler: app,
    async stop() {
      await retries.stop();
      await worker.stop();
      await foundation.close();
    },
  };
}
