import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../toast/useToast';
import { followStep, startFollowing, type FollowedAnalysis } from './analysisFlow';
import { useFollowedDocuments, useRefreshAfterAnalysis } from './queries';
import type { Document } from './types';

/**
 * Follows analyses that were still processing when the analyze call answered (202): reads each
 * document every 3 s and, when it finishes, shows the completion or failure toast, refreshes the
 * documents and the dashboard, and hands a completed document to `onCompleted`.
 */
export function useAnalysisFollow(onCompleted: (document: Document) => void) {
  const { toast } = useToast();
  const refresh = useRefreshAfterAnalysis();
  const [followed, setFollowed] = useState<FollowedAnalysis[]>([]);
  const results = useFollowedDocuments(followed.map((entry) => entry.documentId));
  /** The last read handled per document (dataUpdatedAt), so each read counts once. */
  const handled = useRef(new Map<string, number>());
  const completedRef = useRef(onCompleted);
  useEffect(() => {
    completedRef.current = onCompleted;
  }, [onCompleted]);

  const follow = useCallback((before: Document) => {
    const entry = startFollowing(before, Date.now());
    handled.current.set(entry.documentId, entry.startedAt);
    setFollowed((current) => [...current.filter((e) => e.documentId !== entry.documentId), entry]);
  }, []);

  useEffect(() => {
    const updates = new Map<string, FollowedAnalysis | null>();
    followed.forEach((entry, index) => {
      const result = results[index];
      if (!result || !result.isSuccess) return;
      const last = handled.current.get(entry.documentId) ?? entry.startedAt;
      if (result.dataUpdatedAt <= last) return;
      handled.current.set(entry.documentId, result.dataUpdatedAt);
      const document = result.data ?? null;
      const step = followStep(entry, document, Date.now());
      if (step.kind === 'waiting') {
        if (step.next !== entry) updates.set(entry.documentId, step.next);
        return;
      }
      updates.set(entry.documentId, null);
      if (step.kind === 'completed' && document) {
        toast({ title: 'Analysis Complete', description: 'Document has been analyzed for VA-related conditions' });
        completedRef.current(result.data as Document);
      } else if (step.kind === 'failed') {
        toast({
          title: 'Failed to analyze document',
          description: step.reason || `The analysis of ${entry.fileName} did not finish. Please try again.`,
          variant: 'destructive',
        });
      }
      void refresh();
    });
    if (updates.size === 0) return;
    setFollowed((current) =>
      current.flatMap((entry) => {
        if (!updates.has(entry.documentId)) return [entry];
        const next = updates.get(entry.documentId);
        if (!next) handled.current.delete(entry.documentId);
        return next ? [next] : [];
      }),
    );
  }, [followed, results, toast, refresh]);

  return { follow, followedIds: followed.map((entry) => entry.documentId) };
}
