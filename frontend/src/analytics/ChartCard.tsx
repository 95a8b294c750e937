import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  description: ReactNode;
  /** The chart, drawn from the same figures as the table. */
  chart: ReactNode;
  table: ReactNode;
  /** What the chart shows in one sentence, read out in place of the drawing. */
  summary: string;
  testId: string;
  /** Shown instead of the chart and the table when there is nothing to draw. */
  empty?: string;
}

/** One analytics figure: a chart, or the same figures as a table (for screen readers, and anyone who prefers numbers). */
export function ChartCard({ title, description, chart, table, summary, testId, empty }: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} data-testid={testId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h2" variant="h3">
          {title}
        </Typography>
        {empty ? null : (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: 'chart' | 'table' | null) => next && setView(next)}
            aria-label={`${title}: show as`}
          >
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table" data-testid={`${testId}-table-toggle`}>
              Table
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: '80ch' }}>
        {description}
      </Typography>
      {empty ? (
        <Typography data-testid={`${testId}-empty`}>{empty}</Typography>
      ) : view === 'chart' ? (
        <Box role="img" aria-label={summary} data-testid={`${testId}-chart`} sx={{ width: '100%', minWidth: 0 }}>
          {chart}
        </Box>
      ) : (
        <Box data-testid={`${testId}-table`} sx={{ overflowX: 'auto' }}>
          {table}
        </Box>
      )}
    </Paper>
  );
}
