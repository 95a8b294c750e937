import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { MAX_CALCULATOR_RATINGS } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/http';
import { useClaims } from '../claims/queries';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { calculateCombinedRating } from './api';
import {
  approvedRatingRows,
  BODY_PARTS,
  isBodyPart,
  parseRatingsParam,
  PERCENT_OPTIONS,
  ratingsParam,
  toRatingInput,
  type RatingRow,
} from './format';
import { RatingResult } from './RatingResult';

interface Row extends RatingRow {
  id: number;
}

let nextRowId = 1;
const row = (percent: number, bodyPart: RatingRow['bodyPart'] = 'other'): Row => ({ id: nextRowId++, percent, bodyPart });

/**
 * Ratings in (each with the arm or leg it is for, if any), the combined rating out: every Table I
 * step, the bilateral factor and the monthly amount, as the server computes them. The ratings live
 * in the address (`?ratings=50,20-left-leg`), so the Claims page can open it with the approved ones.
 */
export function CombinedRatingCalculator() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const [rows, setRows] = useState<Row[]>(() => {
    const fromAddress = parseRatingsParam(params.get('ratings'));
    return fromAddress.length > 0 ? fromAddress.map((r) => row(r.percent, r.bodyPart)) : [row(10)];
  });
  const claims = useClaims();
  const approved = approvedRatingRows(claims.data ?? []);
  const addButton = useRef<HTMLButtonElement>(null);

  // Keep the address in step, so the result can be bookmarked or shared.
  const param = ratingsParam(rows);
  useEffect(() => {
    if (params.get('ratings') === param) return;
    const next = new URLSearchParams(params);
    next.set('ratings', param);
    setParams(next, { replace: true });
  }, [param, params, setParams]);

  const inputs = useMemo(() => rows.map(toRatingInput), [rows]);
  const settled = useDebouncedValue(inputs, 200);
  const result = useQuery({
    queryKey: ['calculators', 'combined-rating', settled],
    queryFn: ({ signal }) => calculateCombinedRating(settled, signal),
    placeholderData: keepPreviousData,
  });

  const update = (id: number, change: Partial<RatingRow>) =>
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const remove = (id: number) => {
    setRows((current) => current.filter((r) => r.id !== id));
    addButton.current?.focus();
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="combined-rating-calculator"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="h2">
        Combined rating calculator
      </Typography>
      <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
        VA does not add ratings up: it combines them with its Combined Ratings Table (38 CFR 4.25), highest first, and rounds only at the
        end. Ratings of both arms or both legs get the bilateral factor (38 CFR 4.26).
      </Typography>

      <Box
        sx={{
          mt: 2.5,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box>
          <Box component="ol" aria-label="Your ratings" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {rows.map((r, index) => (
              <Box
                component="li"
                key={r.id}
                data-testid="rating-row"
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(88px, 1fr) minmax(140px, 2fr) auto', alignItems: 'center' }}
              >
                <TextField
                  select
                  size="small"
                  id={`rating-percent-${r.id}`}
                  label={`Rating ${index + 1}`}
                  value={r.percent}
                  onChange={(event) => update(r.id, { percent: Number(event.target.value) })}
                  slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'rating-percent' } }}
                >
                  {PERCENT_OPTIONS.map((p) => (
                    <option key={p} value={p}>
                      {p}%
                    </option>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  id={`rating-body-part-${r.id}`}
                  label={`Body part of rating ${index + 1}`}
                  value={r.bodyPart}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (isBodyPart(value)) update(r.id, { bodyPart: value });
                  }}
                  slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'rating-body-part' } }}
                >
                  {BODY_PARTS.map((part) => (
                    <option key={part.value} value={part.value}>
                      {part.label}
                    </option>
                  ))}
                </TextField>
                <IconButton aria-label={`Remove rating ${index + 1}`} onClick={() => remove(r.id)} disabled={rows.length === 1}>
                  <DeleteOutline aria-hidden />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Button
              ref={addButton}
              variant="outlined"
              startIcon={<Add aria-hidden />}
              onClick={() => setRows((current) => [...current, row(10)])}
              disabled={rows.length >= MAX_CALCULATOR_RATINGS}
            >
              Add rating
            </Button>
            <Button
              startIcon={<FactCheckOutlined aria-hidden />}
              onClick={() => setRows(approved.map((r) => row(r.percent)))}
              disabled={approved.length === 0}
              title={approved.length === 0 ? 'None of your approved claims has a rating yet' : undefined}
            >
              Use my approved claims{approved.length > 0 ? ` (${approved.length})` : ''}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Choose the arm or leg for ratings of an extremity (a knee, a foot, a shoulder…); leave it as “Not an arm or leg” for everything
            else (back, hearing, mental health…).
          </Typography>
        </Box>

        <Box aria-live="polite" aria-busy={result.isFetching}>
          {result.isError ? (
            <Alert severity="error" role="alert">
              We couldn&apos;t calculate this. {result.error instanceof ApiError ? result.error.userMessage : 'Please try again.'}
            </Alert>
          ) : (
            <RatingResult result={result.data} />
          )}
        </Box>
      </Box>
    </Paper>
  );
}
