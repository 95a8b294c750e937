import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';

/** An empty list: the spec's heading (No VA Forms Found, No DBQ Forms Found, No Results Found) and what to do next. */
export function EmptyState({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ textAlign: 'center', py: 4, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 44, color: 'text.secondary' }} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '60ch', mx: 'auto' }}>
        {children}
      </Typography>
    </Box>
  );
}
