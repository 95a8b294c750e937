import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ClaimDetail } from '@cc/contracts';
import { AddNoteForm } from './AddNoteForm';
import { DetailCard } from './DetailCard';
import { NoteItem } from './NoteItem';

/** Notes & History: the add-note form, then the notes, newest first (as the server sends them). */
export function ClaimNotes({ claim }: { claim: ClaimDetail }) {
  return (
    <DetailCard title={`Notes & History (${claim.notes.length})`} testId="claim-notes">
      <AddNoteForm claimId={claim.id} />
      {claim.notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          No notes yet.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1.5 }}>
          {claim.notes.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </Box>
      )}
    </DetailCard>
  );
}
