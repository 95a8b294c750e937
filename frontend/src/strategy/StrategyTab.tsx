import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/http';
import { QueryErrorState } from '../common/QueryErrorState';
import { PredictionCard } from './PredictionCard';
import { useClaimStrategy, useHasClaimInsights } from './queries';
import { ReviewLanes } from './ReviewLanes';
import { SecondaryList } from './SecondaryList';
import { StrategyTeaser } from './StrategyTeaser';
import { StrengthenSteps } from './StrengthenSteps';

const upgradeDetail = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.problem?.upgrade === true && typeof error.problem.detail === 'string'
    ? error.problem.detail
    : undefined;

/** The claim dialog's Strategy tab (Pro): the plan for this claim; lower plans see what Pro adds and where to upgrade. */
export function StrategyTab({ claimId }: { claimId: string }) {
  const allowed = useHasClaimInsights();
  const query = useClaimStrategy(claimId, allowed === true);
  const refused = upgradeDetail(query.error);
  if (allowed === false || refused) return <StrategyTeaser message={refused} />;
  if (query.isError) {
    return (
      <QueryErrorState what="this claim's strategy" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const strategy = query.data;
  if (!strategy) {
    return (
      <Box role="status" aria-label="Loading the strategy" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={key === 0 ? 56 : 120} />
        ))}
      </Box>
    );
  }
  return (
    <Box data-testid="strategy" data-stage={strategy.stage} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Alert severity="info" data-testid="strategy-summary">
        {strategy.summary}
      </Alert>
      {strategy.stage === 'open' ? <StrengthenSteps steps={strategy.steps} /> : null}
      {strategy.review ? <ReviewLanes review={strategy.review} /> : null}
      <SecondaryList secondaries={strategy.secondaries} />
      {strategy.prediction ? (
        <PredictionCard
          title="If this claim is granted"
          prediction={strategy.prediction}
          windows={strategy.decisionWindow ? [strategy.decisionWindow] : []}
        />
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {strategy.disclaimer}
      </Typography>
    </Box>
  );
}
