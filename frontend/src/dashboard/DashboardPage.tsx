import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePageTitle } from '../common/usePageTitle';
import { useDashboard } from '../claims/queries';
import { lazyComponent } from '../common/lazyComponent';
import { PageLoading } from '../common/PageLoading';
import { QueryErrorState } from '../common/QueryErrorState';
import { UpcomingDeadlinesCard } from '../deadlines/UpcomingDeadlinesCard';
import { ClaimNeedsCard } from '../evidence/ClaimNeedsCard';
import { WhenVisible } from '../common/WhenVisible';
import { DashboardStats } from './DashboardStats';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { RecentDocuments } from './RecentDocuments';

// Below the fold and shown only to someone who has claims: fetched when there are claims to list,
// so a newcomer's first load does not carry the claims table (bench: "first load").
/** The chat widget sits below the fold: its code (the chat's input and messages) loads as it scrolls into view. */
const ChatWidget = lazyComponent(() => import('./ChatWidget'), 'ChatWidget', <PageLoading />);
const ClaimsStatusList = lazyComponent(() => import('../claims/list/ClaimsStatusList'), 'ClaimsStatusList', <PageLoading />);

/** The signed-in home at / and /dashboard (GET /api/dashboard). The AI chat widget comes later. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, isPending } = useCurrentUser();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const firstName = user?.firstName?.trim() || data?.user.firstName?.trim() || 'Veteran';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1" data-testid="dashboard-greeting">
          {isPending ? <Skeleton width="16ch" /> : `Welcome back, ${firstName}`}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>Here is an overview of your VA claims and documents.</Typography>
      </Box>

      {dashboard.isError ? (
        <QueryErrorState
          what="your dashboard"
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <DashboardStats stats={data?.stats} />
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        {dashboard.isError ? null : <RecentActivity activities={data?.recentActivities} />}
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <QuickActions />
          {dashboard.isError ? null : <RecentDocuments documents={data?.recentDocuments} />}
        </Box>
      </Box>

      <ClaimNeedsCard />
      <UpcomingDeadlinesCard />
      <WhenVisible minHeight={360}>
        <ChatWidget />
      </WhenVisible>

      {data && data.recentClaims.length > 0 ? <ClaimsStatusList claims={data.recentClaims} totalCount={data.usage.claims.used} /> : null}
    </Box>
  );
}
