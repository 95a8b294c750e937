import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { QueryErrorState } from '../common/QueryErrorState';
import { DESKTOP_QUERY } from '../shell/breakpoints';
import { PredictionCard } from './PredictionCard';
import { useHasClaimInsights, usePredictions } from './queries';
import { StrategyTeaser } from './StrategyTeaser';

/** Every pending claim granted as assumed (the veteran may enter the rating they expect), and each open claim's window. */
export function PredictionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const titleId = useId();
  const allowed = useHasClaimInsights();
  const [assume, setAssume] = useState<Record<string, number>>({});
  const query = usePredictions(assume, open && allowed === true);
  const onAssume = (claimId: string, rating: number | null) =>
    setAssume(({ [claimId]: _dropped, ...rest }) => (rating === null ? rest : { ...rest, [claimId]: rating }));

  return (
    <Dialog open={open} onClose={onClose} fullScreen={!isDesktop} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>If your pending claims are granted</DialogTitle>
      <DialogContent>
        {allowed === false ? (
          <StrategyTeaser />
        ) : query.isError ? (
          <QueryErrorState what="the predictions" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : query.data ? (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              Choose the rating you expect for a pending claim to see what it would mean; otherwise the lowest compensable level of its
              diagnostic code is used where the rating schedule gives one.
            </Typography>
            <PredictionCard
              title="Combined rating if granted"
              prediction={query.data.prediction}
              windows={query.data.windows}
              onAssume={onAssume}
            />
          </Box>
        ) : (
          <Box role="status" aria-label="Loading the predictions">
            <Skeleton variant="rounded" height={240} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
