export { createOfflineEngine } from './engines/offline/engine';
export type { AnalysisEngine } from './engines/types';
export { AnalysisFailedError, createOpenAiEngine, fromEnv as openAiEngineFromEnv, type OpenAiEngineOptions } from './engines/openai/openAiEngine';
export { extractDocumentText, ExtractionError, EXTRACTION_REASONS, MAX_ANALYSIS_BYTES } from './extraction/extractText';
