import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { NOTE_TYPE_LABELS, type ClaimNote, type NoteType } from '@cc/contracts';
import { formatDateTime, statusLabel, titleCase } from '../format';

const NOTE_ICONS: Record<NoteType, typeof StickyNote2Outlined> = {
  general: StickyNote2Outlined,
  communication: ForumOutlined,
  reminder: AlarmOutlined,
  status_change: SwapHorizOutlined,
  document_added: AttachFileOutlined,
};

/** One note: type icon and badge, the Important flag, its time, the status change if any, and the text. */
export function NoteItem({ note }: { note: ClaimNote }) {
  const Icon = NOTE_ICONS[note.noteType] ?? StickyNote2Outlined;
  const typeLabel = NOTE_TYPE_LABELS[note.noteType] ?? titleCase(note.noteType);
  const statusChange =
    note.noteType === 'status_change' && note.previousStatus && note.newStatus
      ? `Status changed: ${statusLabel(note.previousStatus)} → ${statusLabel(note.newStatus)}`
      : null;
  return (
    <Box
      component="li"
      data-testid="claim-note"
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: note.isImportant ? 'secondary.main' : 'divider',
        bgcolor: 'background.default',
      }}
    >
      <Icon aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={typeLabel} variant="outlined" />
          {note.isImportant ? (
            <Box
              component="span"
              data-testid="note-important"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                color: 'secondary.main',
                fontWeight: 700,
                fontSize: '0.8125rem',
              }}
            >
              <FlagOutlined aria-hidden fontSize="small" />
              Important
            </Box>
          ) : null}
          <Typography component="time" dateTime={note.createdAt} variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {formatDateTime(note.createdAt)}
          </Typography>
        </Box>
        {statusChange ? (
          <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 600 }} data-testid="note-status-change">
            {statusChange}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 0.75, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.note}
        </Typography>
      </Box>
    </Box>
  );
}
