import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HelpOutline from '@mui/icons-material/HelpOutline';
import DoNotDisturbAltOutlined from '@mui/icons-material/DoNotDisturbAltOutlined';
import { longDay, type LaneFit, type ReviewLane, type ReviewPlan } from '@cc/contracts';
import { useId } from 'react';
import { visuallyHidden } from '../common/a11y';
import { ToneChip, type ChipTone } from '../common/ToneChip';
import { FIT_LABELS } from './format';

/** Text colours at least 4.5:1 on the paper of each theme (as the evidence state chips'). */
const FIT_TONES: Record<LaneFit, ChipTone> = {
  fits: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  possible: { icon: HelpOutline, light: '#47536b', dark: '#c3ccd9' },
  unavailable: { icon: DoNotDisturbAltOutlined, light: '#b3261e', dark: '#ff8a80' },
};

const formUrl = (form: string) => `https://www.va.gov/find-forms/about-form-${form.toLowerCase()}/`;

function Lane({ lane }: { lane: ReviewLane }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="review-lane"
      data-kind={lane.kind}
      data-fit={lane.fit}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {lane.title}
        </Typography>
        <ToneChip tone={FIT_TONES[lane.fit]} label={FIT_LABELS[lane.fit]} data={{ 'data-testid': 'lane-fit' }} />
      </Box>
      <Typography variant="body2">{lane.why}</Typography>
      {lane.docket ? (
        <Typography variant="body2">
          <strong>{lane.docket.title}:</strong> {lane.docket.why}
        </Typography>
      ) : null}
      {lane.deadline ? (
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="lane-deadline">
          {lane.deadlinePassed ? 'Deadline passed' : 'Due'} {longDay(lane.deadline.dueDate)} ({lane.deadline.basis})
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        VA Form {lane.form}:{' '}
        <Link href={formUrl(lane.form)} target="_blank" rel="noopener noreferrer">
          about the form on VA.gov
          <Box component="span" sx={visuallyHidden}>
            {` (VA Form ${lane.form}, opens in a new tab)`}
          </Box>
        </Link>
        {' · '}
        {lane.citations.join('; ')}
      </Typography>
    </Paper>
  );
}

/** A decided claim: each decision-review lane, whether it fits and why, with its deadline. */
export function ReviewLanes({ review }: { review: ReviewPlan }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} component="h3" variant="h3">
        Which review fits
      </Typography>
      {review.lanes.map((lane) => (
        <Lane key={lane.kind} lane={lane} />
      ))}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {review.notes.map((note) => (
          <Typography component="li" variant="body2" color="text.secondary" key={note}>
            {note}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
