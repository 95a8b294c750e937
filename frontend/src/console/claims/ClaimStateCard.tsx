import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StarOutline from '@mui/icons-material/StarOutline';
import type { ClaimDetail, ClaimNote } from '@cc/contracts';
import { ClaimStatusChip } from '../../claims/ClaimStatusChip';
import { PriorityIndicator } from '../../claims/PriorityIndicator';
import { formatDate, formatDateTime } from '../../claims/format';
import { statusLabel as documentStatusLabel } from '../../documents/format';

/** A claim's notes, newest first, as its owner sees them. */
export function ClaimNotesList({ notes }: { notes: readonly ClaimNote[] }) {
  if (notes.length === 0) return <Typography color="text.secondary">No notes.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {notes.map((note) => (
        <Box component="li" key={note.id} sx={{ borderLeft: 3, borderColor: note.isImportant ? 'warning.main' : 'divider', pl: 1.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {note.isImportant ? (
              <>
                <StarOutline aria-hidden fontSize="inherit" /> Important ·{' '}
              </>
            ) : null}
            {formatDateTime(note.createdAt)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {note.note}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The claim as it stood at one version of its history (time travel). */
export function ClaimStateCard({ claim, heading }: { claim: ClaimDetail; heading: string }) {
  return (
    <Paper variant="outlined" data-testid="claim-at-version" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, alignItems: 'center' }}
      >
        <Row label="Status">
          <ClaimStatusChip status={claim.status} />
        </Row>
        <Row label="Progress">{claim.progressPercentage}%</Row>
        <Row label="Rating">{claim.ratingPercentage === null ? 'Not rated' : `${claim.ratingPercentage}%`}</Row>
        <Row label="Priority">
          <PriorityIndicator priority={claim.priority} />
        </Row>
        <Row label="Next action">{claim.nextAction ?? 'None'}</Row>
        <Row label="Est. decision">{claim.estimatedDecisionDate ? formatDate(claim.estimatedDecisionDate) : 'Not estimated'}</Row>
        <Row label="Days pending">{claim.daysPending}</Row>
        <Row label="Documents">
          {claim.documents.length === 0
            ? 'None'
            : claim.documents.map((d) => `${d.fileName} (${documentStatusLabel(d.processingStatus)})`).join(', ')}
        </Row>
      </Box>
      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        Notes ({claim.notes.length})
      </Typography>
      <ClaimNotesList notes={claim.notes} />
    </Paper>
  );
}
