import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../auth/useCurrentUser';
import { ComingSoon } from '../common/ComingSoon';
import { usePageTitle } from '../common/usePageTitle';

/** The signed-in home at / and /dashboard. The real dashboard arrives with claims tracking. */
export function Dashboard() {
  usePageTitle('Dashboard');
  const { user, isPending } = useCurrentUser();
  const firstName = user?.firstName?.trim() || 'Veteran';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1" data-testid="dashboard-greeting">
          {isPending ? <Skeleton width="16ch" /> : `Welcome back, ${firstName}`}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>
          Here is where you will follow your VA claims, documents and AI recommendations.
        </Typography>
      </Box>
      <ComingSoon
        headingLevel="h2"
        title="Dashboard"
        description="Your dashboard arrives with claims tracking: your current VA rating, active and approved claims, days pending, recent activity and quick actions will appear here."
      />
    </Box>
  );
}
