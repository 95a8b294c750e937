import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_UPGRADE_MESSAGE, memberTier } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../api/http';
import { useCurrentUser } from '../auth/useCurrentUser';
import { PageLoading } from '../common/PageLoading';
import { QueryErrorState } from '../common/QueryErrorState';
import { usePageTitle } from '../common/usePageTitle';
import { formatDate } from '../claims/format';
import { ANALYTICS_KEY, fetchAnalytics } from './api';
import { AnalyticsTeaser } from './AnalyticsTeaser';
import { CombinedRatingOverTime } from './CombinedRatingOverTime';
import { DaysPending } from './DaysPending';
import { DeadlineTimeline } from './DeadlineTimeline';
import { ReadinessOverTime } from './ReadinessOverTime';
import { StatusOverTime } from './StatusOverTime';

/** /analytics (Basic and Pro): how the veteran's case moved over time, every figure from the server. */
export function AnalyticsPage() {
  usePageTitle('Analytics');
  const { user } = useCurrentUser();
  const allowed = user ? memberTier(user.memberTier).hasAdvancedAnalytics : undefined;
  const report = useQuery({ queryKey: ANALYTICS_KEY, queryFn: ({ signal }) => fetchAnalytics(signal), enabled: allowed === true });
  // Step charts run their last step up to the time the figures were fetched.
  const now = new Date(report.dataUpdatedAt).toISOString();
  const refused = report.error instanceof ApiError && report.error.status === 403;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Analytics
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
          How your claims moved over time, from their histories. Each chart has a table view with the same figures.
        </Typography>
      </Box>
      {allowed === false || refused ? (
        <AnalyticsTeaser
          message={(refused && report.error instanceof ApiError && report.error.problem?.detail) || ANALYTICS_UPGRADE_MESSAGE}
        />
      ) : report.error ? (
        <QueryErrorState what="your analytics" error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : !report.data ? (
        <PageLoading />
      ) : (
        <>
          {report.data.claimCount === 0 ? (
            <Paper variant="outlined" data-testid="analytics-no-claims" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography component="h2" variant="h3">
                No claims to chart yet
              </Typography>
              <Typography sx={{ mt: 1, maxWidth: '70ch' }}>
                Your analytics are built from your claims’ histories. Add a claim in the Claims Tracker, and its status, rating, evidence
                and deadlines show here as they change.
              </Typography>
              <Button component={RouterLink} to="/claims" variant="contained" sx={{ mt: 2 }}>
                Go to Claims Tracker
              </Button>
            </Paper>
          ) : null}
          <StatusOverTime points={report.data.statusOverTime} now={now} />
          <CombinedRatingOverTime
            points={report.data.combinedRatingOverTime}
            basis={report.data.compensationBasis}
            source={report.data.compensationSource}
            now={now}
          />
          <ReadinessOverTime series={report.data.readinessOverTime} now={now} />
          <DaysPending claims={report.data.daysPending} average={report.data.nationalAverage} hasClaims={report.data.claimCount > 0} />
          <DeadlineTimeline deadlines={report.data.deadlines} />
          <Typography variant="body2" color="text.secondary">
            Figures as of {formatDate(report.data.generatedOn)}.
          </Typography>
        </>
      )}
    </Box>
  );
}
