import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../common/usePageTitle';
import { PdforgeTemplates } from './PdforgeTemplates';

/**
 * Temporary home of the fillable templates until the /templates page (issue 12) mounts
 * `<PdforgeTemplates />` in its pdfforge tab; then this route goes.
 */
export function PdforgePage() {
  usePageTitle('Fillable templates');
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Fillable templates
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Fill in a template and turn it into a PDF that is saved with your documents.
      </Typography>
      <PdforgeTemplates />
    </Box>
  );
}
