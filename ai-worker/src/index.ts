export { createOfflineEngine } from './engines/offline/engine';
export type { AnalysisEngine } from './engines/types';
