import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { visuallyHidden } from '../common/a11y';
import { ACCEPT_ATTRIBUTE, UPLOAD_HINT } from './rules';

/**
 * Choose Files or Drag & Drop. The zone is one real button (keyboard and screen readers) that opens
 * the hidden file input; dropped files go through the same selection rules as chosen ones.
 */
export function UploadDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again still fires change
    if (files.length > 0) onFiles(files);
  };

  const over = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        onChange={choose}
        tabIndex={-1}
        aria-label="Choose files to upload"
        data-testid="document-file-input"
        style={visuallyHidden}
      />
      <ButtonBase
        onClick={() => inputRef.current?.click()}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
        aria-describedby={hintId}
        data-testid="document-drop-zone"
        data-dragging={dragging || undefined}
        focusRipple
        sx={{
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          p: { xs: 2.5, sm: 4 },
          borderRadius: 2,
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.selected' : 'action.hover',
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
          '&:hover': { borderColor: 'primary.main' },
          '&.Mui-focusVisible': { outline: 3, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <CloudUploadOutlined aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {dragging ? (
            'Drop files to upload'
          ) : (
            <>
              <Box component="span" sx={{ color: 'primary.main', textDecoration: 'underline' }}>
                Choose Files
              </Box>{' '}
              or Drag &amp; Drop
            </>
          )}
        </Typography>
        <Typography component="span" id={hintId} variant="body2" color="text.secondary" data-testid="upload-hint">
          {UPLOAD_HINT}
        </Typography>
      </ButtonBase>
    </>
  );
}
