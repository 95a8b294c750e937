import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useClaims } from '../claims/queries';
import { DESKTOP_QUERY } from '../shell/breakpoints';
import { UploadDropZone } from './UploadDropZone';
import { UploadProgressList } from './UploadProgressList';
import { useDocumentUploads } from './useDocumentUploads';

/**
 * Upload documents linked to a claim: opened by `/documents?upload=1&claimId=…` (the evidence map's
 * "upload" next step) with that claim chosen; the same upload flow as the Upload Documents card.
 */
export function UploadDialog({ open, claimId, onClose }: { open: boolean; claimId: string | null; onClose: () => void }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const titleId = useId();
  const claims = useClaims();
  const [chosen, setChosen] = useState(claimId ?? '');
  const { items, notice, upload, clearFinished, busy } = useDocumentUploads({ claimId: chosen || null });
  const known = claims.data ?? [];
  // A claim the list does not have (yet, or any more) stays chosen, named by its id, rather than being dropped silently.
  const unknown = chosen !== '' && claims.data !== undefined && !known.some((c) => c.id === chosen);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={!isDesktop}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="upload-dialog"
    >
      <DialogTitle id={titleId}>Upload documents</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          id={`${titleId}-claim`}
          label="Link to claim"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={busy}
          helperText="The documents you upload here are linked to this claim and count as its evidence."
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'upload-claim' } }}
          sx={{ mt: 1 }}
        >
          <option value="">No claim</option>
          {unknown ? <option value={chosen}>Claim {chosen}</option> : null}
          {known.map((claim) => (
            <option key={claim.id} value={claim.id}>
              {claim.condition} ({claim.claimNumber})
            </option>
          ))}
        </TextField>
        <UploadDropZone onFiles={(files) => void upload(files)} />
        {notice ? (
          <Alert severity="info" data-testid="upload-notice">
            {notice}
          </Alert>
        ) : null}
        <Box aria-busy={busy}>
          <UploadProgressList items={items} onClear={clearFinished} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={onClose}
          disabled={busy}
          variant={items.some((i) => i.phase === 'done') ? 'contained' : 'text'}
          data-testid="upload-dialog-done"
        >
          {items.length > 0 && !busy ? 'Done' : 'Close'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
