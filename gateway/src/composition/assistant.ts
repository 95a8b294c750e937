import {
  chatAssistantRoutes,
  chatEngineFromEnv,
  createOfflineChatEngine,
  fieldAssistEngineFromEnv,
  fieldAssistRoutes,
  helpArticleRoutes,
  type ChatEngine,
  type FieldAssistEngine,
} from '@cc/ai-worker';
import type { ChatCommands } from '@cc/command-service';
import type { ProjectionService } from '@cc/projection-service';
import type { Logger } from '@cc/platform';

/** The chat assistant's streaming routes, the wizard's field assist and /help's answers: the ai-worker's HTTP side. */
export function composeAssistant(options: {
  logger: Logger;
  chat: ChatCommands;
  queries: ProjectionService['queries'];
  chatEngine?: ChatEngine;
  chatHeartbeatMs?: number;
  fieldAssistEngine?: FieldAssistEngine;
}) {
  const { logger, queries } = options;
  const chatEngine = options.chatEngine ?? chatEngineFromEnv(process.env) ?? createOfflineChatEngine();
  logger.info({ engine: chatEngine.name, model: chatEngine.model }, 'chat engine');
  return [
    chatAssistantRoutes({
      questions: options.chat,
      veteranFile: queries.veteranFile,
      history: queries.chatHistory,
      engine: chatEngine,
      heartbeatMs: options.chatHeartbeatMs,
    }),
    fieldAssistRoutes({
      engine: options.fieldAssistEngine ?? fieldAssistEngineFromEnv(process.env),
      grounding: queries.assistGrounding,
    }),
    helpArticleRoutes(),
  ];
}
