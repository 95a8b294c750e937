import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled card of the claim dialog (a labelled section). */
export function DetailCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
