import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { isFinished, type UploadItem } from './useDocumentUploads';

function phaseText(item: UploadItem): string {
  switch (item.phase) {
    case 'uploading':
      return item.percent >= 100 ? 'Finishing upload…' : `Uploading… ${item.percent}%`;
    case 'saving':
      return 'Saving…';
    case 'done':
      return 'Uploaded';
    default:
      return item.message ?? 'Failed';
  }
}

function PhaseIcon({ item }: { item: UploadItem }) {
  if (item.phase === 'done') return <CheckCircleOutline aria-hidden fontSize="small" color="success" />;
  if (item.phase === 'failed' || item.phase === 'skipped') return <ErrorOutline aria-hidden fontSize="small" color="error" />;
  return <InsertDriveFileOutlined aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />;
}

/** One row per file of the current selection: name, a progress bar with its percent, and the outcome in words. */
function UploadRow({ item }: { item: UploadItem }) {
  const problem = item.phase === 'failed' || item.phase === 'skipped';
  const showBar = item.phase !== 'skipped';
  return (
    <Box
      component="li"
      data-testid="upload-item"
      data-file-name={item.fileName}
      data-phase={item.phase}
      sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <PhaseIcon item={item} />
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {item.fileName}
        </Typography>
      </Box>
      {showBar ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant={item.phase === 'saving' ? 'indeterminate' : 'determinate'}
            value={item.percent}
            color={item.phase === 'failed' ? 'error' : item.phase === 'done' ? 'success' : 'primary'}
            aria-label={`Upload progress of ${item.fileName}`}
            aria-valuenow={item.percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuetext={`${item.percent}% — ${phaseText(item)}`}
            data-testid="upload-progress"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            component="span"
            variant="body2"
            sx={{ fontWeight: 600, minWidth: '4ch', textAlign: 'right' }}
            data-testid="upload-percent"
          >
            {item.percent}%
          </Typography>
        </Box>
      ) : null}
      <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} data-testid="upload-status">
        {phaseText(item)}
      </Typography>
    </Box>
  );
}

/** The files being uploaded, then their outcome until the next selection or Clear. */
export function UploadProgressList({ items, onClear }: { items: readonly UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const allFinished = items.every(isFinished);
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {allFinished ? 'Uploads' : 'Uploading'}
        </Typography>
        {allFinished ? (
          <Button size="small" onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </Box>
      <Box
        component="ul"
        aria-label="File uploads"
        data-testid="upload-list"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {items.map((item) => (
          <UploadRow key={item.key} item={item} />
        ))}
      </Box>
    </Box>
  );
}
