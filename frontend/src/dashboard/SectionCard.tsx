import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** A button next to the heading (View All, Manage All). */
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** A dashboard panel: an h2 heading, an optional action, the content. */
export function SectionCard({ title, action, testId, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** The muted line of an empty panel. */
export function EmptyText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography color="text.secondary" data-testid={testId} sx={{ py: 2, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
