import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { UploadDropZone } from './UploadDropZone';
import { UploadProgressList } from './UploadProgressList';
import { useDocumentUploads } from './useDocumentUploads';

/** Upload Documents: the drop zone and the per-file progress of the current selection. */
export function UploadCard() {
  const headingId = useId();
  const { items, notice, upload, clearFinished, busy } = useDocumentUploads();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid="upload-card"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 1.5 }}>
        Upload Documents
      </Typography>
      <UploadDropZone onFiles={(files) => void upload(files)} />
      {notice ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="upload-notice">
          {notice}
        </Alert>
      ) : null}
      <UploadProgressList items={items} onClear={clearFinished} />
    </Paper>
  );
}
