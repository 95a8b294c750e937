import CalculateIcon from '@mui/icons-material/Calculate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { calculateCombinedRating, type Limb, type RatingInput, type Side } from '@cc/contracts';
import { useId, useState } from 'react';

/** Parses "50, 30 10%" into [50, 30, 10]; anything not a whole number 0–100 is reported. */
export function parseRatings(text: string): { ratings: number[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.replace(/%$/, ''))
    .filter(Boolean);
  const ratings: number[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (/^\d+$/.test(p) && n >= 0 && n <= 100) ratings.push(n);
    else invalid.push(p);
  }
  return { ratings, invalid };
}

/** The four extremity fields, each a list of ratings of that side's arm or leg. */
export const EXTREMITIES: readonly { side: Side; limb: Limb; label: string }[] = [
  { side: 'left', limb: 'arm', label: 'Left arm (%)' },
  { side: 'right', limb: 'arm', label: 'Right arm (%)' },
  { side: 'left', limb: 'leg', label: 'Left leg (%)' },
  { side: 'right', limb: 'leg', label: 'Right leg (%)' },
];
export type ExtremityTexts = Readonly<Record<`${Side}-${Limb}`, string>>;
export const NO_EXTREMITIES: ExtremityTexts = { 'left-arm': '', 'right-arm': '', 'left-leg': '', 'right-leg': '' };

/**
 * What the calculator puts in `combined_rating` and `bilateral_factor_info`: the calculators' own
 * 38 CFR 4.25 combination with the bilateral factor of 4.26 when both arms or both legs are rated.
 */
export function calculate(ratingsText: string, extremityTexts: ExtremityTexts = NO_EXTREMITIES) {
  const { ratings, invalid } = parseRatings(ratingsText);
  const inputs: RatingInput[] = ratings.map((percent) => ({ percent }));
  for (const { side, limb } of EXTREMITIES) {
    const parsed = parseRatings(extremityTexts[`${side}-${limb}`]);
    invalid.push(...parsed.invalid);
    inputs.push(...parsed.ratings.map((percent) => ({ percent, side, limb })));
  }
  if (invalid.length > 0) return { error: `Not a rating from 0 to 100: ${invalid.join(', ')}` } as const;
  if (inputs.length === 0) return { error: 'Enter at least one rating.' } as const;
  const result = calculateCombinedRating(inputs);
  const steps = result.steps.map((step) => step.description).join('; ');
  const info = result.bilateralFactorApplied
    ? `${steps}. Bilateral factor applied (38 CFR 4.26).`
    : `${steps} (38 CFR 4.25). No bilateral factor applied.`;
  return { combined: result.combinedRating, info } as const;
}

export function RatingCalculatorButton({
  initialRatings,
  onApply,
}: {
  initialRatings: number[];
  onApply: (combined: number, info: string) => void;
}) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [ratings, setRatings] = useState('');
  const [extremities, setExtremities] = useState<ExtremityTexts>(NO_EXTREMITIES);
  const result = calculate(ratings, extremities);
  return (
    <>
      <Button
        size="small"
        startIcon={<CalculateIcon />}
        onClick={() => {
          setRatings(initialRatings.join(', '));
          setExtremities(NO_EXTREMITIES);
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
          <TextField
            label="Ratings (%)"
            helperText="Separate with commas, e.g. 50, 30, 10"
            value={ratings}
            onChange={(e) => setRatings(e.target.value)}
            fullWidth
            size="small"
            sx={{ mb: 2 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Ratings of an arm or a leg: when both arms or both legs are rated, the bilateral factor (38 CFR 4.26) applies.
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {EXTREMITIES.map(({ side, limb, label }) => (
              <TextField
                key={`${side}-${limb}`}
                label={label}
                value={extremities[`${side}-${limb}`]}
                onChange={(e) => setExtremities({ ...extremities, [`${side}-${limb}`]: e.target.value })}
                size="small"
              />
            ))}
          </Box>
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
