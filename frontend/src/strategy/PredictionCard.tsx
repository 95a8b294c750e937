import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DecisionWindow, IfGrantedPrediction, PendingAssumption } from '@cc/contracts';
import { useId } from 'react';
import { monthlyRange, ratingRange } from './format';

const RATING_CHOICES = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/** One pending claim's assumed rating, and (in the combined card) a choice of the rating the veteran expects. */
function Assumption({
  assumption,
  onAssume,
}: {
  assumption: PendingAssumption;
  onAssume?: (claimId: string, rating: number | null) => void;
}) {
  return (
    <Box component="li" data-testid="prediction-assumption" data-basis={assumption.basis} sx={{ display: 'grid', gap: 0.75 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <strong>{assumption.condition}</strong> ({assumption.claimNumber}): {assumption.basisText}
      </Typography>
      {onAssume ? (
        <TextField
          select
          size="small"
          label={`Rating you expect for ${assumption.condition}`}
          value={assumption.basis === 'entered' && assumption.rating !== null ? String(assumption.rating) : ''}
          onChange={(event) => onAssume(assumption.claimId, event.target.value === '' ? null : Number(event.target.value))}
          sx={{ maxWidth: 320 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Not entered</MenuItem>
          {RATING_CHOICES.map((rating) => (
            <MenuItem key={rating} value={String(rating)}>
              {rating}%
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Box>
  );
}

/**
 * What a grant could mean, as a range (combined rating now → if granted, and the monthly amount),
 * with each claim's decision window; every figure says what it rests on and that it is an estimate.
 */
export function PredictionCard({
  title,
  prediction,
  windows,
  onAssume,
}: {
  title: string;
  prediction: IfGrantedPrediction;
  windows: readonly (DecisionWindow & { condition?: string })[];
  onAssume?: (claimId: string, rating: number | null) => void;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="prediction-card"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id={headingId} component="h3" variant="h3">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="prediction-disclaimer">
        {prediction.disclaimer}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Combined rating, now → if granted
          </Typography>
          <Typography variant="h3" component="p" data-testid="prediction-rating">
            {ratingRange(prediction.current, prediction.ifGranted)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Monthly amount, now → if granted
          </Typography>
          <Typography variant="h3" component="p" data-testid="prediction-monthly">
            {monthlyRange(prediction.current, prediction.ifGranted)}
          </Typography>
        </Box>
      </Box>
      {prediction.assumptions.length ? (
        <Box
          component="ul"
          aria-label="What each pending claim is counted at"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}
        >
          {prediction.assumptions.map((a) => (
            <Assumption key={a.claimId} assumption={a} onAssume={onAssume} />
          ))}
        </Box>
      ) : null}
      {windows.length ? (
        <Box>
          <Typography component="h4" variant="subtitle2">
            Estimated decision window
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {windows.map((w) => (
              <Typography
                component="li"
                variant="body2"
                key={w.claimId}
                data-testid="decision-window"
                data-estimable={String(w.estimable)}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {w.condition ? <strong>{w.condition}: </strong> : null}
                {w.sentence} Based on: {w.basedOn}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
      <Box>
        <Typography component="h4" variant="subtitle2">
          What this is based on
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {prediction.basedOn.map((line) => (
            <Typography component="li" variant="body2" color="text.secondary" key={line} sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
