import { type AnalysisResult, type AnalysisType } from '@cc/contracts';

/** Something that turns a document's text into an analysis result (spec doc 0 §3). */
export interface AnalysisEngine {
  readonly name: string;
  readonly model: string;
  analyze(input: { text: string; analysisType: AnalysisType }): Promise<AnalysisResult>;
}
