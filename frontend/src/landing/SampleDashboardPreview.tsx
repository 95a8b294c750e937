import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** Fixed marketing figures from the product spec; they are never a visitor's real data. */
const SAMPLE_FIGURES = [
  { label: 'Disability rating', value: '80%' },
  { label: 'Active claims', value: '3' },
  { label: 'Documents uploaded', value: '12' },
  { label: 'AI recommendations', value: '5' },
] as const;

export function SampleDashboardPreview() {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Sample dashboard preview
        </Typography>
        <Chip label="Sample data" size="small" color="secondary" variant="outlined" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Example figures to show what your dashboard looks like. They are not anyone&apos;s real claim data.
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: { xs: 1.5, sm: 2 }, m: 0, mt: 2 }}>
        {SAMPLE_FIGURES.map(({ label, value }) => (
          <Box key={label} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 700, color: 'primary.main' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
