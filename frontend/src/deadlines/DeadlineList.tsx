import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { Deadline } from '@cc/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '../claims/format';
import { visuallyHidden } from '../common/a11y';
import { DaysLeftChip } from './DaysLeftChip';

interface DeadlineListProps<T extends Deadline> {
  deadlines: readonly T[];
  /** The veteran's day (YYYY-MM-DD). */
  today: string;
  /** A line above the title, e.g. the claim the deadline belongs to. */
  context?: (deadline: T) => ReactNode;
  /** Shows what each option is and where it comes from (the calculator and the claim). */
  detailed?: boolean;
  testId?: string;
}

/** Deadlines as a list: what, due when, how long is left, and the VA form to use. */
export function DeadlineList<T extends Deadline>({
  deadlines,
  today,
  context,
  detailed = false,
  testId = 'deadline-list',
}: DeadlineListProps<T>) {
  return (
    <Box component="ul" data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {deadlines.map((deadline, i) => (
        <Box
          component="li"
          key={`${deadline.kind}-${deadline.dueDate}-${i}`}
          data-testid="deadline-item"
          data-kind={deadline.kind}
          sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
        >
          {context ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {context(deadline)}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body1" sx={{ fontWeight: 700 }}>
              {deadline.title}
            </Typography>
            <DaysLeftChip dueDate={deadline.dueDate} today={today} opensDate={deadline.opensDate} />
          </Box>
          <Typography variant="body2" sx={{ mt: 0.25 }}>
            {deadline.opensDate ? (
              <>
                From <strong data-testid="deadline-opens-date">{formatDate(deadline.opensDate)}</strong> to{' '}
              </>
            ) : (
              'Due '
            )}
            <strong data-testid="deadline-due-date">{formatDate(deadline.dueDate)}</strong>
            {detailed ? ` · counted from ${formatDate(deadline.countedFrom)} · ${deadline.basis}` : null}
          </Typography>
          {detailed ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {deadline.description}
            </Typography>
          ) : null}
          {deadline.form && deadline.formUrl ? (
            <Link
              href={deadline.formUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
            >
              VA Form {deadline.form}
              <OpenInNew aria-hidden sx={{ fontSize: 14 }} />
              <Box component="span" sx={visuallyHidden}>
                (opens in a new tab)
              </Box>
            </Link>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
