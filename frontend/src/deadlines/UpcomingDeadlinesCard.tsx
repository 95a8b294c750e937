import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { lazyComponent } from '../common/lazyComponent';
import { QueryErrorState } from '../common/QueryErrorState';
import { EmptyText, SectionCard } from '../dashboard/SectionCard';
import { localDay } from './localDay';
import { useUpcomingDeadlines } from './queries';

const SHOWN = 5;

const loadingRows = (
  <Box role="status" aria-label="Loading upcoming deadlines">
    {[0, 1].map((key) => (
      <Skeleton key={key} height={56} />
    ))}
  </Box>
);
const UpcomingDeadlineList = lazyComponent(() => import('./UpcomingDeadlineList'), 'UpcomingDeadlineList', loadingRows);

/** The dashboard's "Upcoming deadlines": the decision-review deadlines of decided claims, soonest first. */
export function UpcomingDeadlinesCard() {
  const query = useUpcomingDeadlines(SHOWN);
  const today = localDay();
  const upcoming = query.data?.filter((d) => d.dueDate >= today);
  return (
    <SectionCard
      title="Upcoming deadlines"
      testId="upcoming-deadlines"
      action={
        <Button component={RouterLink} to="/calculators" size="small" startIcon={<CalculateOutlined aria-hidden />}>
          Deadline calculator
        </Button>
      }
    >
      {query.isError ? (
        <QueryErrorState what="your deadlines" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !upcoming ? (
        loadingRows
      ) : upcoming.length === 0 ? (
        <EmptyText testId="upcoming-deadlines-empty">
          No upcoming deadlines. Add the date on the decision letter of an approved or denied claim to see its review deadlines.
        </EmptyText>
      ) : (
        <UpcomingDeadlineList deadlines={upcoming} today={today} />
      )}
    </SectionCard>
  );
}
