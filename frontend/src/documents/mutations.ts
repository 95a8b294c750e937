import { useMutation } from '@tanstack/react-query';
import { isUnauthorizedError } from '../api/http';
import { useToast } from '../toast/useToast';
import { deleteDocument } from './api';
import { useRefreshDocuments } from './queries';

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
      if (!isUnauthorizedError(error)) toast({ title: 'Error', description: 'Failed to delete document', variant: 'destructive' });
    },
    onSettled: () => refresh(),
  });
}
