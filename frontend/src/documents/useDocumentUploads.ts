import { useCallback, useRef, useState } from 'react';
import { errorToastText } from '../api/errorToast';
import { ApiError, isUnauthorizedError, NetworkError } from '../api/http';
import { useToast } from '../toast/useToast';
import { putFile, registerDocument, requestUploadUrl, TransferError } from './api';
import { useRefreshDocuments } from './queries';
import { contentTypeOf, ignoredFilesNotice, selectFiles, tooLargeMessage } from './rules';

export type UploadPhase = 'uploading' | 'saving' | 'done' | 'failed' | 'skipped';

/** One file of the upload list under the drop zone. */
export interface UploadItem {
  key: string;
  fileName: string;
  phase: UploadPhase;
  /** 0..100 while transferring. */
  percent: number;
  /** Why it failed or was skipped. */
  message?: string;
}

const FINISHED: readonly UploadPhase[] = ['done', 'failed', 'skipped'];
export const isFinished = (item: UploadItem) => FINISHED.includes(item.phase);

function transferReason(error: unknown): string {
  if (error instanceof TransferError) {
    if (error.status === 413) return 'The file is larger than 50MB.';
    if (error.status === 0) return 'The upload did not reach the server. Check your connection and try again.';
    return `The upload was refused (${error.status}). Try again.`;
  }
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof NetworkError) return error.message;
  return 'The upload did not finish. Try again.';
}

/**
 * The upload flow of spec doc 1 §4: selection rules, then per file an upload address, the direct
 * transfer (with progress) and the registration, each step with the spec's toasts (§8 "Upload");
 * the documents, badge and dashboard are refreshed after each registered file.
 */
export function useDocumentUploads(options: { claimId?: string | null } = {}) {
  const claimId = options.claimId ?? undefined;
  const { toast } = useToast();
  const refresh = useRefreshDocuments();
  const [items, setItems] = useState<UploadItem[]>([]);
  /** Said when a selection had more than 5 files. */
  const [notice, setNotice] = useState<string | null>(null);
  const nextKey = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /**
   * Transfer and register one file; says whether the transfer itself failed. A 401 toasts nothing
   * here: the Unauthorized flow has its own toast and redirect.
   */
  const uploadOne = useCallback(
    async (key: string, file: File): Promise<'transferFailed' | 'transferred' | 'signedOut'> => {
      let uploadURL: string;
      try {
        uploadURL = await requestUploadUrl();
        await putFile(uploadURL, file, contentTypeOf(file), (fraction) =>
          update(key, { percent: Math.min(100, Math.round(fraction * 100)) }),
        );
      } catch (error) {
        update(key, { phase: 'failed', message: transferReason(error) });
        return isUnauthorizedError(error) ? 'signedOut' : 'transferFailed';
      }
      toast({ title: 'Upload successful', description: `${file.name} uploaded successfully` });
      update(key, { phase: 'saving', percent: 100 });
      try {
        await registerDocument({
          documentURL: uploadURL,
          fileName: file.name,
          fileType: contentTypeOf(file),
          fileSize: file.size,
          ...(claimId ? { claimId } : {}),
        });
        update(key, { phase: 'done' });
        toast({ title: 'Success', description: 'Document uploaded successfully' });
        void refresh();
      } catch (error) {
        const text = errorToastText(error, { title: 'Error', description: 'Failed to upload document' }, { serverDetail: true });
        update(key, { phase: 'failed', message: text.description });
        if (!isUnauthorizedError(error)) toast({ ...text, variant: 'destructive' });
      }
      return 'transferred';
    },
    [toast, update, refresh, claimId],
  );

  const upload = useCallback(
    async (files: readonly File[]) => {
      const selection = selectFiles(files);
      setNotice(ignoredFilesNotice(selection.ignored.length));
      const key = () => `upload-${++nextKey.current}`;
      const started = selection.accepted.map((file) => ({ key: key(), file }));
      const skipped: UploadItem[] = [
        ...selection.tooLarge.map((file) => ({
          key: key(),
          fileName: file.name,
          phase: 'skipped' as const,
          percent: 0,
          message: 'Skipped: larger than 50MB',
        })),
        ...selection.unsupported.map((file) => ({
          key: key(),
          fileName: file.name,
          phase: 'skipped' as const,
          percent: 0,
          message: 'Skipped: not a PDF, Word, text or image file',
        })),
      ];
      setItems((current) => [
        ...current.filter((item) => !isFinished(item)),
        ...started.map(({ key: itemKey, file }) => ({ key: itemKey, fileName: file.name, phase: 'uploading' as const, percent: 0 })),
        ...skipped,
      ]);
      for (const file of selection.tooLarge)
        toast({ title: 'File too large', description: tooLargeMessage(file.name), variant: 'destructive' });
      for (const file of selection.unsupported) {
        toast({
          title: 'Unsupported file type',
          description: `${file.name} is not a PDF, Word, text or image file`,
          variant: 'destructive',
        });
      }
      if (started.length === 0) return;
      const outcomes = await Promise.all(started.map(({ key: itemKey, file }) => uploadOne(itemKey, file)));
      if (outcomes.includes('transferFailed') && !outcomes.includes('signedOut'))
        toast({ title: 'Upload failed', description: 'Failed to upload files', variant: 'destructive' });
    },
    [toast, uploadOne],
  );

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => !isFinished(item)));
    setNotice(null);
  }, []);

  return { items, notice, upload, clearFinished, busy: items.some((item) => !isFinished(item)) };
}
