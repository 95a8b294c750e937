import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useDeleteDocument } from './mutations';
import type { Document } from './types';
import { useLastDefined } from './useLastDefined';

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete the document? This action cannot be undone and will permanently remove the document and all its analysis results.';

/** Confirms and runs the delete of `document` (open while it is set). */
export function DeleteDocumentDialog({ document: target, onClose }: { document: Document | null; onClose: () => void }) {
  const document = useLastDefined(target);
  const titleId = useId();
  const textId = useId();
  const mutation = useDeleteDocument({ onDeleted: onClose });
  const busy = mutation.isPending;
  return (
    <Dialog
      open={target !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'delete-document-dialog' } as object }}
    >
      <DialogTitle id={titleId}>Delete Document</DialogTitle>
      <DialogContent>
        {document ? (
          <Typography sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }} data-testid="delete-document-name">
            {document.fileName}
          </Typography>
        ) : null}
        <DialogContentText id={textId}>{DELETE_CONFIRMATION}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || !target}
          aria-busy={busy}
          onClick={() => target && mutation.mutate(target.id)}
          data-testid="confirm-delete-document"
        >
          {busy ? 'Deleting…' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
