import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { DECISION_KIND_LABELS, DECISION_KINDS, type DeadlinesBody, type DecisionKind } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/http';
import { DeadlineList } from '../deadlines/DeadlineList';
import { localDay } from '../deadlines/format';
import { calculateDeadlines } from './api';

type DateField = 'decisionDate' | 'intentToFileDate' | 'boardAppealReceivedDate' | 'boardHearingDate' | 'separationDate';

const DATE_FIELDS: { name: DateField; label: string; help: string }[] = [
  { name: 'decisionDate', label: 'Decision date', help: 'The date printed on your decision letter' },
  { name: 'intentToFileDate', label: 'Intent to file date (optional)', help: 'When VA received your intent to file' },
  { name: 'boardAppealReceivedDate', label: 'Board received your appeal (optional)', help: 'For the Evidence Submission docket' },
  { name: 'boardHearingDate', label: 'Board hearing date (optional)', help: 'For the Hearing docket' },
  { name: 'separationDate', label: 'Separation date (optional)', help: 'When you leave (or left) active duty' },
];

/** Dates in, deadlines out (DOMAIN.md §2), as the server counts them: exact to the day. */
export function DeadlineCalculator() {
  const headingId = useId();
  const [dates, setDates] = useState<Record<DateField, string>>({
    decisionDate: '',
    intentToFileDate: '',
    boardAppealReceivedDate: '',
    boardHearingDate: '',
    separationDate: '',
  });
  const [kind, setKind] = useState<DecisionKind>('rating');
  const mutation = useMutation({ mutationFn: (body: DeadlinesBody) => calculateDeadlines(body) });
  const fieldErrors = mutation.error instanceof ApiError ? mutation.error.fieldErrors : [];
  const errorOf = (field: string) => fieldErrors.find((e) => e.field === field)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: DeadlinesBody = {};
    for (const { name } of DATE_FIELDS) if (dates[name]) body[name] = dates[name];
    if (body.decisionDate) body.decisionKind = kind;
    mutation.mutate(body);
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="deadline-calculator"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="h2">
        Deadline calculator
      </Typography>
      <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
        A Higher-Level Review, a Supplemental Claim (to keep your effective date) and a Board Appeal are due one year from the date of the
        decision; an appeal of a Board decision to the Court, 120 days. An intent to file holds your effective date for one year. Before you
        leave service, a Benefits Delivery at Discharge claim is filed 180 to 90 days before your separation date; a claim within a year
        after it keeps the day after separation as your effective date.
      </Typography>
      <Box
        sx={{
          mt: 2.5,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box component="form" noValidate onSubmit={submit} aria-label="Deadline calculator" sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            id="deadline-decision-kind"
            label="What was decided"
            value={kind}
            onChange={(event) => setKind(event.target.value as DecisionKind)}
            error={Boolean(errorOf('decisionKind'))}
            helperText={errorOf('decisionKind') ?? ' '}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'deadline-decision-kind' } }}
          >
            {DECISION_KINDS.map((k) => (
              <option key={k} value={k}>
                {DECISION_KIND_LABELS[k]}
              </option>
            ))}
          </TextField>
          {DATE_FIELDS.map(({ name, label, help }) => (
            <TextField
              key={name}
              type="date"
              id={`deadline-${name}`}
              label={label}
              value={dates[name]}
              onChange={(event) => setDates((current) => ({ ...current, [name]: event.target.value }))}
              error={Boolean(errorOf(name))}
              helperText={errorOf(name) ?? help}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `deadline-${name}` } }}
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" startIcon={<EventAvailableOutlined aria-hidden />} disabled={mutation.isPending}>
              {mutation.isPending ? 'Counting…' : 'Show deadlines'}
            </Button>
          </Box>
        </Box>

        <Box aria-live="polite" data-testid="deadline-results">
          {mutation.isError && fieldErrors.length === 0 ? (
            <Alert severity="error" role="alert">
              We couldn&apos;t count these deadlines.{' '}
              {mutation.error instanceof ApiError ? mutation.error.userMessage : 'Please try again.'}
            </Alert>
          ) : null}
          {mutation.data ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'action.hover' }}>
              <Typography component="h3" variant="h3">
                Your deadlines
              </Typography>
              {mutation.data.deadlines.length === 0 ? (
                <Typography sx={{ mt: 1 }} color="text.secondary">
                  No deadlines apply to these dates.
                </Typography>
              ) : (
                <Box sx={{ mt: 1 }}>
                  <DeadlineList deadlines={mutation.data.deadlines} today={localDay()} detailed testId="calculated-deadlines" />
                </Box>
              )}
              {mutation.data.notes.map((note) => (
                <Typography key={note} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {note}
                </Typography>
              ))}
            </Paper>
          ) : !mutation.isError ? (
            <Typography color="text.secondary">
              Enter the date on your decision letter, the date of your intent to file, or your separation date, to see what is due when.
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Paper>
  );
}
