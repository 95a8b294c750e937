import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ANALYSIS_LIMITS_TEXT } from './analysisTypes';
import { SUPPORTED_TYPES_TEXT } from './rules';

/** The supported file types, and what AI analysis can read. */
export function SupportedTypesCard() {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="supported-types"
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 1.5 }}>
        Supported Types
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{SUPPORTED_TYPES_TEXT}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        To upload an Excel or PowerPoint file, save it as a PDF first.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {ANALYSIS_LIMITS_TEXT}
      </Typography>
    </Paper>
  );
}
