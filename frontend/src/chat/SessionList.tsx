import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { ChatSession } from '@cc/contracts';
import { useState, type KeyboardEvent } from 'react';
import { sessionDateLabel } from './format';

interface SessionListProps {
  sessions: ChatSession[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect(id: string): void;
  onNew(): void;
  creating: boolean;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
}

function SessionRow({
  session,
  selected,
  canDelete,
  onSelect,
  onRename,
  onDelete,
}: {
  session: ChatSession;
  selected: boolean;
  canDelete: boolean;
  onSelect(): void;
  onRename(title: string): void;
  onDelete(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(session.title);
  const save = () => {
    const title = draft.trim();
    if (!title) return;
    setEditing(false);
    if (title !== session.title) onRename(title);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Spec doc 1 §4: Enter saves a rename, Escape cancels it.
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(session.title);
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <ListItem disablePadding sx={{ px: 1, py: 0.5, gap: 0.5 }} data-testid="chat-session">
        <TextField
          size="small"
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { maxLength: 100, 'aria-label': 'Session title' } }}
          helperText={draft.trim() ? 'Enter to save, Escape to cancel' : 'The title cannot be empty'}
          error={!draft.trim()}
        />
        <IconButton aria-label="Save title" onClick={save} disabled={!draft.trim()} size="small">
          <Check aria-hidden fontSize="small" />
        </IconButton>
      </ListItem>
    );
  }
  return (
    <ListItem
      disablePadding
      data-testid="chat-session"
      // ListItem gives its button room for one action (48 px); these are two, so the title stops before them.
      sx={{ '& > .MuiListItemButton-root': { pr: 11 } }}
      secondaryAction={
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Rename">
            <IconButton
              aria-label={`Rename ${session.title}`}
              size="small"
              onClick={() => {
                setDraft(session.title);
                setEditing(true);
              }}
            >
              <EditOutlined aria-hidden fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={canDelete ? 'Delete' : 'You need at least one chat'}>
            <span>
              <IconButton aria-label={`Delete ${session.title}`} size="small" onClick={onDelete} disabled={!canDelete}>
                <DeleteOutline aria-hidden fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      }
    >
      <ListItemButton selected={selected} onClick={onSelect} aria-current={selected ? 'true' : undefined} sx={{ borderRadius: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: selected ? 700 : 500 }} data-testid="chat-session-title">
            {session.title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="chat-session-date">
            {sessionDateLabel(session.updatedAt)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/** The sessions sidebar: New Chat, then each session with its date label, rename and delete. */
export function SessionList({ sessions, loading, selectedId, onSelect, onNew, creating, onRename, onDelete }: SessionListProps) {
  return (
    <Box component="nav" aria-label="Chat sessions" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 1.5 }}>
        <Button fullWidth variant="contained" startIcon={<Add aria-hidden />} onClick={onNew} disabled={creating}>
          New Chat
        </Button>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1, px: 0.5, pb: 1 }}>
        {loading ? (
          <Box sx={{ px: 1 }} aria-label="Loading chats">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : (
          <List dense data-testid="chat-sessions">
            {(sessions ?? []).map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                selected={session.id === selectedId}
                canDelete={(sessions?.length ?? 0) > 1}
                onSelect={() => onSelect(session.id)}
                onRename={(title) => onRename(session.id, title)}
                onDelete={() => onDelete(session.id)}
              />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
