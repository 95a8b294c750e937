import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A row of figures as a description list: two per row on phones, four from 900 px. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

interface StatCardProps {
  label: string;
  /** undefined while loading. */
  value: ReactNode | undefined;
  icon: ReactNode;
  testId: string;
  /** Something next to the label, e.g. an info button. */
  aside?: ReactNode;
}

/** One figure: its label (dt, with a decorative icon) and value (dd), grouped in a div of the list. */
export function StatCard({ label, value, icon, testId, aside }: StatCardProps) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ position: 'relative', p: { xs: 1.5, sm: 2.5 }, pl: { xs: 1.5, sm: 9 }, minWidth: 0, minHeight: { sm: 92 } }}
    >
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'inline-flex' },
            position: 'absolute',
            left: 20,
            top: 20,
            alignItems: 'center',
            justifyContent: 'center',
            width: 40,
            height: 40,
            borderRadius: 2,
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        {label}
        {aside}
      </Typography>
      <Typography component="dd" variant="h2" sx={{ m: 0, mt: 0.5, fontWeight: 800 }} data-testid={`${testId}-value`}>
        {value === undefined ? <Skeleton width="3ch" aria-label="Loading" /> : value}
      </Typography>
    </Paper>
  );
}
