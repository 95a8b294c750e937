export { createOfflineEngine } from './engines/offline/engine';
export type { AnalysisEngine } from './engines/types';
export { AnalysisFailedError, createOpenAiEngine, fromEnv as openAiEngineFromEnv, type OpenAiEngineOptions } from './engines/openai/openAiEngine';
export { extractDocumentText, ExtractionError, EXTRACTION_REASONS, MAX_ANALYSIS_BYTES } from './extraction/extractText';
export { analyseDocument, MISSING_FILE_REASON, type AnalysisOutcome, type AnalysisRequest } from './analysis/analyseDocument';
export { DOCUMENT_ANALYSIS_WORKER, startDocumentAnalysisWorker, type DocumentAnalysisWorkerDeps } from './analysis/documentAnalysisWorker';
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
