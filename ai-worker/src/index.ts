export { createOfflineEngine } from './engines/offline/engine';
export type { AnalysisEngine } from './engines/types';
export {
  AnalysisFailedError,
  createOpenAiEngine,
  fromEnv as openAiEngineFromEnv,
  type OpenAiEngineOptions,
} from './engines/openai/openAiEngine';
export { extractDocumentText, ExtractionError, EXTRACTION_REASONS, MAX_ANALYSIS_BYTES } from './extraction/extractText';
export { analyseDocument, MISSING_FILE_REASON, type AnalysisOutcome, type AnalysisRequest } from './analysis/analyseDocument';
export { DOCUMENT_ANALYSIS_WORKER, startDocumentAnalysisWorker, type DocumentAnalysisWorkerDeps } from './analysis/documentAnalysisWorker';
export { chatAssistantRoutes, type AskedQuestion, type ChatQuestionPort, type ChatRouteDeps } from './chat/routes';
export { answerQuestion } from './chat/answer';
export { helpArticleRoutes } from './chat/knowledge/helpRoutes';
export {
  createOfflineChatEngine,
  OFFLINE_CHAT_ENGINE_NAME,
  OFFLINE_CHAT_MODEL,
  type OfflineChatEngineOptions,
} from './chat/offline/engine';
export { chatEngineFromEnv, createOpenAiChatEngine, type OpenAiChatEngineOptions } from './chat/openai/chatEngine';
export { ChatEngineError, type ChatAnswer, type ChatEngine, type ChatRequest, type ChatTurn, type EngineAnswer } from './chat/types';
export {
  createOfflineFieldAssistEngine,
  createOpenAiFieldAssistEngine,
  fieldAssistEngineFromEnv,
  type FieldAssistEngine,
  type Grounding,
  type GroundingAnalysis,
  type GroundingClaim,
} from './pdforge/fieldAssist';
export { fieldAssistRoutes } from './pdforge/routes';
export { analysisClaimMigrations, analysisClaims, type AnalysisClaims } from './analysis/analysisClaims';
