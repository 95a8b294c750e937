import CalculateIcon from '@mui/icons-material/Calculate';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { combinedRating } from '@cc/contracts';
import { useId, useState } from 'react';

/**
 * A combined rating with an optional bilateral factor (38 CFR 4.26), e.g. the calculator of the
 * /templates page. Without one, ratings combine with 38 CFR 4.25 only.
 */
export type BilateralCalculator = (ratings: number[], bilateral: number[]) => { combinedRating: number; description: string };

/** Parses "50, 30 10%" into [50, 30, 10]; anything not a whole number 0–100 is reported. */
export function parseRatings(text: string): { ratings: number[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).map((p) => p.replace(/%$/, '')).filter(Boolean);
  const ratings: number[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (/^\d+$/.test(p) && n >= 0 && n <= 100) ratings.push(n);
    else invalid.push(p);
  }
  return { ratings, invalid };
}

/** What the calculator puts in `combined_rating` and `bilateral_factor_info`. */
export function calculate(ratingsText: string, bilateralText: string, bilateral?: BilateralCalculator) {
  const { ratings, invalid } = parseRatings(ratingsText);
  const extremities = parseRatings(bilateralText);
  if (invalid.length > 0 || extremities.invalid.length > 0) return { error: `Not a rating from 0 to 100: ${[...invalid, ...extremities.invalid].join(', ')}` } as const;
  if (ratings.length + extremities.ratings.length === 0) return { error: 'Enter at least one rating.' } as const;
  if (extremities.ratings.length > 0 && bilateral) {
    const result = bilateral(ratings, extremities.ratings);
    return { combined: result.combinedRating, info: result.description } as const;
  }
  const all = [...ratings, ...extremities.ratings];
  const result = combinedRating(all);
  const info = `Combined from ${result.ratings.map((r) => `${r}%`).join(', ') || '0%'} (38 CFR 4.25): ${result.value} rounds to ${result.rating}%. No bilateral factor applied.`;
  return { combined: result.rating, info } as const;
}

export function RatingCalculatorButton({
  initialRatings,
  bilateral,
  onApply,
}: {
  initialRatings: number[];
  bilateral?: BilateralCalculator;
  onApply: (combined: number, info: string) => void;
}) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [ratings, setRatings] = useState('');
  const [extremities, setExtremities] = useState('');
  const result = calculate(ratings, extremities, bilateral);
  return (
    <>
      <Button
        size="small"
        startIcon={<CalculateIcon />}
        onClick={() => {
          setRatings(initialRatings.join(', '));
          setExtremities('');
          setOpen(true);
        }}
      >
        Fill from calculator
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Combined rating calculator</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Ratings combine highest first with VA’s Combined Ratings Table (38 CFR 4.25), not by adding them.
          </Typography>
          <TextField label="Ratings (%)" helperText="Separate with commas, e.g. 50, 30, 10" value={ratings} onChange={(e) => setRatings(e.target.value)} fullWidth size="small" sx={{ mb: 2 }} />
          <TextField
            label="Ratings of paired arms or legs (%)"
            helperText={bilateral ? 'Both arms or both legs: the bilateral factor (38 CFR 4.26) applies.' : 'Combined like the others here; the bilateral factor is worked out on the Forms & Templates calculator.'}
            value={extremities}
            onChange={(e) => setExtremities(e.target.value)}
            fullWidth
            size="small"
          />
          <Typography role="status" sx={{ mt: 2, fontWeight: 600 }} color={'error' in result ? 'error' : 'text.primary'}>
            {'error' in result ? result.error : `Combined rating: ${result.combined}%`}
          </Typography>
          {!('error' in result) && (
            <Typography variant="body2" color="text.secondary">
              {result.info}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={'error' in result}
            onClick={() => {
              if ('error' in result) return;
              onApply(result.combined, result.info);
              setOpen(false);
            }}
          >
            Use this rating
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
