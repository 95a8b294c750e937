import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { NOTE_TYPE_LABELS, SELECTABLE_NOTE_TYPES } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import type { NewNoteInput } from '../api';
import { useAddClaimNote } from '../mutations';

type NoteTypeChoice = NewNoteInput['noteType'];

/** Type, Important toggle and text; Add Note stays disabled while the trimmed text is empty. */
export function AddNoteForm({ claimId }: { claimId: string }) {
  const [noteType, setNoteType] = useState<NoteTypeChoice>('general');
  const [isImportant, setIsImportant] = useState(false);
  const [text, setText] = useState('');
  const mutation = useAddClaimNote(claimId, {
    onAdded: () => {
      setText('');
      setNoteType('general');
      setIsImportant(false);
    },
  });
  const note = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note || mutation.isPending) return;
    mutation.mutate({ note, noteType, isImportant });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a note" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          id={`note-type-${claimId}`}
          label="Note type"
          value={noteType}
          onChange={(event) => setNoteType(event.target.value as NoteTypeChoice)}
          size="small"
          fullWidth={false}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { native: true } }}
        >
          {SELECTABLE_NOTE_TYPES.map((type) => (
            <option key={type} value={type}>
              {NOTE_TYPE_LABELS[type]}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={isImportant}
              onChange={(event) => setIsImportant(event.target.checked)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label="Important"
        />
      </Box>
      <TextField
        id={`note-text-${claimId}`}
        label="Note"
        placeholder="Add a note about this claim..."
        multiline
        minRows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!note || mutation.isPending}>
          {mutation.isPending ? 'Adding…' : 'Add Note'}
        </Button>
      </Box>
    </Box>
  );
}
