import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UpcomingDeadline } from '@cc/contracts';
import { DeadlineList } from '../deadlines/DeadlineList';
import { localDay } from '../deadlines/format';
import { claimName } from './format';

const monthOf = (day: string) =>
  new Date(`${day.slice(0, 7)}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The decided claims' review deadlines on a time line, month by month, soonest first (the server's order). */
export function DeadlineTimeline({ deadlines }: { deadlines: readonly UpcomingDeadline[] }) {
  const today = localDay();
  const months = new Map<string, UpcomingDeadline[]>();
  for (const deadline of deadlines) {
    const month = monthOf(deadline.dueDate);
    months.set(month, [...(months.get(month) ?? []), deadline]);
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="analytics-deadlines-title"
      data-testid="analytics-deadlines"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="analytics-deadlines-title" component="h2" variant="h3">
        Upcoming deadlines
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: '80ch' }}>
        The decision-review deadlines of your decided claims, counted from each decision date by VA’s rules. Check your decision letter for
        the dates that apply to you.
      </Typography>
      {deadlines.length === 0 ? (
        <Typography data-testid="analytics-deadlines-empty">
          No upcoming deadlines: they appear once a claim has a decision date.
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {[...months].map(([month, due]) => (
            <Box
              component="li"
              key={month}
              sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', '&:last-of-type': { pb: 0 } }}
            >
              <Box
                aria-hidden
                sx={{ position: 'absolute', left: -7, top: 6, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }}
              />
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {month}
              </Typography>
              <DeadlineList deadlines={due} today={today} context={claimName} testId="analytics-deadline-month" />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
