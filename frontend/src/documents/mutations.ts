import type { AnalysisType } from '@cc/contracts';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorToastText } from '../api/errorToast';
import { ApiError, isUnauthorizedError, NetworkError } from '../api/http';
import { useToast } from '../toast/useToast';
import { analyzeDocument, deleteDocument, generateAnalysisReport, type AnalysisReportInput } from './api';
import { UPGRADE_REQUIRED_MESSAGE } from './analysisTypes';
import { useRefreshAfterAnalysis, useRefreshDocuments } from './queries';
import type { Document } from './types';

/** DELETE /api/documents/{id} with the spec's toasts (doc 1 §8 "Delete"), then refresh. */
export function useDeleteDocument(options: { onDeleted?: () => void } = {}) {
  const { toast } = useToast();
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: string) => deleteDocument(id),
    onSuccess: () => {
      toast({ title: 'Document Deleted', description: 'Document has been permanently removed' });
      options.onDeleted?.();
    },
    onError: (error) => {
      // A 401 already started the Unauthorized flow, with its own toast.
      if (!isUnauthorizedError(error))
        toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to delete document' }), variant: 'destructive' });
    },
    onSettled: () => refresh(),
  });
}

/** The reason to show for a failed call: the problem's detail, else a plain fallback. */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.problem?.detail || error.problem?.title || fallback;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}

export interface AnalyzeVariables {
  /** The document as it was when Analyze was pressed. */
  document: Document;
  analysisType: AnalysisType;
}

const ANALYZE_KEY = ['documents', 'analyze'] as const;

interface AnalyzeOptions {
  /** 200: finished; `document` carries the result. */
  onCompleted: (document: Document) => void;
  /** 202: still processing; follow `before` until it finishes. */
  onProcessing: (before: Document) => void;
}

/**
 * POST /api/documents/{id}/analyze with the spec's toasts (doc 0 §8 "Analysis"). A 403 (Free plan)
 * gives the Upgrade Required toast and goes to /billing, as the Free plan's Analyze button does.
 */
export function useAnalyzeDocument(options: AnalyzeOptions) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshAfterAnalysis();
  return useMutation({
    mutationKey: ANALYZE_KEY,
    mutationFn: ({ document, analysisType }: AnalyzeVariables) => analyzeDocument(document.id, analysisType),
    onMutate: () => {
      toast({ title: 'Analysis Started', description: 'AI is analyzing your document...' });
    },
    onSuccess: (outcome, { document }) => {
      if (outcome.kind === 'completed') {
        toast({ title: 'Analysis Complete', description: 'Document has been analyzed for VA-related conditions' });
        const analysed = outcome.document ?? document;
        options.onCompleted({ ...analysed, aiAnalysisResults: outcome.analysisResult ?? analysed.aiAnalysisResults });
      } else {
        options.onProcessing(document);
      }
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      if (error instanceof ApiError && error.status === 403) {
        toast({ ...errorToastText(error, { title: 'Upgrade Required', description: UPGRADE_REQUIRED_MESSAGE }), variant: 'destructive' });
        navigate('/billing');
        return;
      }
      const fallback = {
        title: 'Failed to analyze document',
        description: reasonOf(error, 'The analysis could not be run. Please try again.'),
      };
      toast({ ...errorToastText(error, fallback), variant: 'destructive' });
    },
    onSettled: () => refresh(),
  });
}

/** Ids of the documents whose analyze call is still running. */
export function useStartingAnalyses(): string[] {
  return useMutationState({
    filters: { mutationKey: ANALYZE_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as AnalyzeVariables | undefined)?.document.id ?? '',
  }).filter(Boolean);
}

/** POST /api/documents/{id}/analysis-pdf with the spec's toasts (doc 0 §8 "PDF"), then refresh. */
export function useGenerateAnalysisReport(options: { onGenerated?: (report: Document) => void } = {}) {
  const { toast } = useToast();
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (input: AnalysisReportInput) => generateAnalysisReport(input),
    onSuccess: async (report) => {
      toast({ title: 'PDF Generated', description: 'Analysis report PDF created and added to your documents' });
      options.onGenerated?.(report);
      await refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        ...errorToastText(error, { title: 'Failed to generate PDF report', description: reasonOf(error, 'Please try again.') }),
        variant: 'destructive',
      });
    },
  });
}
