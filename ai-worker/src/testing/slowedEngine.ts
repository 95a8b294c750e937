import type { AnalysisEngine } from '../index';

/** The engine, answering only after `ms`: for tests that need an analysis still running when they look. */
export function slowedEngine(engine: AnalysisEngine, ms: number): AnalysisEngine {
  return {
    name: engine.name,
    model: engine.model,
    analyze: async (input) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return engine.analyze(input);
    },
  };
}
