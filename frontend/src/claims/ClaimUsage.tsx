import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DashboardPayload } from '@cc/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatClaimUsage } from './format';

/** "Claims: used / limit" (∞ when unlimited), from GET /api/dashboard `usage.claims`. */
export function ClaimUsage({ query }: { query: UseQueryResult<DashboardPayload> }) {
  if (query.isError) {
    return (
      <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="error">
          Claim usage unavailable.
        </Typography>
        <Button size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Retry
        </Button>
      </Box>
    );
  }
  const usage = query.data?.usage.claims;
  if (!usage) return <Skeleton width={110} aria-label="Loading claim usage" />;
  return (
    <Typography
      data-testid="claims-usage"
      sx={{ fontWeight: 700, px: 1.5, py: 0.75, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {formatClaimUsage(usage)}
    </Typography>
  );
}
