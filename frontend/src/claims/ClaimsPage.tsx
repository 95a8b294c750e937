import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePageTitle } from '../common/usePageTitle';
import { AiRecommendationsPanel } from './AiRecommendationsPanel';
import { ClaimCounters } from './ClaimCounters';
import { ClaimUsage } from './ClaimUsage';
import { ClaimsStatusList } from './list/ClaimsStatusList';
import { NewClaimButton } from './NewClaimButton';
import { NewClaimDialog } from './NewClaimDialog';
import { PredictionsButton } from '../strategy/PredictionsButton';
import { useClaims, useDashboard } from './queries';
import { QueryErrorState } from '../common/QueryErrorState';

/** /claims: counters, claim usage and New Claim, AI recommendations, then every claim. */
export function ClaimsPage() {
  usePageTitle('Claims Tracker');
  const claims = useClaims();
  const dashboard = useDashboard();
  const [dialogOpen, setDialogOpen] = useState(false);
  const usage = dashboard.data?.usage.claims;
  const atLimit = usage?.remaining === 0;
  const openDialog = () => setDialogOpen(true);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box
        sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography component="h1" variant="h1">
            Claims Tracker
          </Typography>
          <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
            Track your VA disability claims: status, progress, notes and days pending.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <ClaimUsage query={dashboard} />
          <PredictionsButton />
          <NewClaimButton atLimit={atLimit} onClick={openDialog} />
        </Box>
      </Box>

      {claims.isError ? null : <ClaimCounters claims={claims.data} />}
      <AiRecommendationsPanel />

      {claims.isError ? (
        <QueryErrorState what="your claims" error={claims.error} onRetry={() => void claims.refetch()} retrying={claims.isFetching} />
      ) : claims.data ? (
        <ClaimsStatusList claims={claims.data} showAll openFromAddress onAddClaim={openDialog} addClaimDisabled={atLimit} />
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }} role="status" aria-label="Loading your claims">
          <Skeleton width="30%" height={32} />
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={48} />
          ))}
        </Paper>
      )}

      <NewClaimDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Box>
  );
}
