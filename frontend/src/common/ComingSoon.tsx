import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useId } from 'react';

interface ComingSoonProps {
  /** The page's name, shown as the panel heading. */
  title: string;
  description: string;
  /** h1 when the panel is the page itself; h2 when the page has its own heading above it. */
  headingLevel?: 'h1' | 'h2';
}

/** The panel of a page that is not built yet, clearly marked "Coming soon". */
export function ComingSoon({ title, description, headingLevel = 'h1' }: ComingSoonProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid="coming-soon"
      sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography id={headingId} component={headingLevel} variant={headingLevel === 'h1' ? 'h1' : 'h2'}>
          {title}
        </Typography>
        <Chip
          icon={<ConstructionOutlined aria-hidden />}
          label="Coming soon"
          color="secondary"
          variant="outlined"
          sx={{ fontWeight: 700 }}
        />
      </Box>
      <Typography sx={{ mt: 2, color: 'text.secondary', maxWidth: '60ch' }}>{description}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>This page is coming soon. Check back after the next update.</Typography>
    </Paper>
  );
}
