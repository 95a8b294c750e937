import { Router } from 'express';
import {
  ANALYSIS_MESSAGES,
  ANALYSIS_TYPE_LABELS,
  analyzeDocumentBody,
  DETECTED_TYPES,
  SPEC_PROBLEMS,
  type AnalysisResult,
} from '@cc/contracts';
import {
  answerCommand,
  commandMetadata,
  contextOf,
  HttpProblem,
  isUuid,
  parseOrProblem,
  problems,
  readAfterCommand,
  requireAuth,
} from '@cc/platform';
import type { AnalysisCommands } from './analysisCommands';
import type { DocumentCommands } from './commands';
import { documentProblems } from './problems';
import type { DocumentReadBack } from './routes';

/** Turns an analysis result into a report PDF (the gateway wires the AI worker's renderer). */
export type AnalysisReportRenderer = (input: { result: AnalysisResult; originalFileName: string; generatedAt: Date }) => Promise<Buffer>;

export interface AnalysisRouteOptions {
  /** How long `POST …/analyze` waits for the worker before answering 202 (spec: at most 60 s). */
  waitMs: number;
  renderReport: AnalysisReportRenderer;
  now?: () => Date;
}

const MAX_NAME = 255;

/** "letter.pdf" analysed as nexus-letter → "letter - Nexus Letter Evaluator report.pdf", within the name limit. */
export function reportFileName(originalFileName: string, label: string): string {
  const stem = originalFileName.replace(/\.[^.]+$/, '');
  const suffix = ` - ${label} report.pdf`;
  return [...stem].slice(0, MAX_NAME - suffix.length).join('') + suffix;
}

const analysisFailed = (reason: string) => HttpProblem.fromSpec(422, SPEC_PROBLEMS.analysisFailed(reason));

export function analysisRoutes(
  analysis: AnalysisCommands,
  documents: DocumentCommands,
  readBack: DocumentReadBack,
  options: AnalysisRouteOptions,
): Router {
  const router = Router();
  const now = options.now ?? (() => new Date());

  router.post('/api/documents/:id/analyze', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    if (!isUuid(id)) throw problems.notFound('Document not found.');
    const { analysisType } = parseOrProblem(analyzeDocumentBody, req.body);
    const { analysisId, position } = await analysis.request(auth.userId, id, analysisType, commandMetadata(res));
    await contextOf(res).recordWrite(position);

    // The request is recorded: from here on a fault only means the answer cannot say how it ended.
    const outcome = await analysis.waitForOutcome(id, analysisId, options.waitMs).catch((error: unknown) => {
      contextOf(res).logger.warn(
        { err: error, documentId: id, analysisId },
        'could not follow the analysis; answering that it is processing',
      );
      return undefined;
    });
    const document = await readAfterCommand(res, {
      position: outcome?.position ?? position,
      waitFor: readBack.waitFor,
      read: () => readBack.document(auth.userId, id),
    });
    if (outcome?.kind === 'deleted') throw problems.notFound('Document not found.');
    if (outcome?.kind === 'failed') throw analysisFailed(outcome.reason);
    if (!outcome || !document) {
      res.status(202).json({ document });
      return;
    }
    res.json({ analysisResult: document.aiAnalysisResults ?? null, document });
  });

  /** The spec's client sends the results back; the report is built from the stored result instead. */
  router.post('/api/documents/:id/analysis-pdf', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    if (!isUuid(id)) throw problems.notFound('Document not found.');
    const document = await readBack.document(auth.userId, id);
    if (!document) throw problems.notFound('Document not found.');
    const result = document.aiAnalysisResults;
    if (!result || !document.analysisId) throw problems.conflict(ANALYSIS_MESSAGES.noResults);
    const bytes = await options.renderReport({ result, originalFileName: document.fileName, generatedAt: now() });
    const { documentId, position } = await documents.registerGenerated(
      auth.userId,
      {
        fileName: reportFileName(document.fileName, ANALYSIS_TYPE_LABELS[result.analysisType]),
        bytes,
        detectedType: DETECTED_TYPES.pdf,
        claimId: document.claimId,
        reportOf: { documentId: id, analysisId: document.analysisId },
      },
      commandMetadata(res),
    );
    await answerCommand(res, {
      position,
      waitFor: readBack.waitFor,
      read: () => readBack.document(auth.userId, documentId),
      status: 201,
      accepted: { id: documentId, location: `/api/documents/${documentId}` },
    });
  });

  // A report registered for a claim that is no longer the user's.
  router.use(documentProblems);
  return router;
}
