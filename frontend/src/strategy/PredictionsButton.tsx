import Button from '@mui/material/Button';
import TrendingUp from '@mui/icons-material/TrendingUp';
import { useState } from 'react';
import { PredictionsDialog } from './PredictionsDialog';

/** /claims: opens the combined "if granted" prediction (Pro; lower plans see what it would show and where to upgrade). */
export function PredictionsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<TrendingUp aria-hidden />} onClick={() => setOpen(true)} data-testid="predictions-open">
        If granted
      </Button>
      <PredictionsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
