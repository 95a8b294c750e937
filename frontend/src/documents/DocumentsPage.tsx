import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { DocumentsSection } from './DocumentsSection';
import { SupportedTypesCard } from './SupportedTypesCard';
import { UploadCard } from './UploadCard';
import { UploadDialog } from './UploadDialog';

/**
 * /documents, the Document Repository (spec doc 1 §2): upload, supported types, then the user's
 * documents. `?upload=1&claimId=…` opens the upload dialog with that claim chosen.
 */
export function DocumentsPage() {
  usePageTitle('Documents');
  const [params, setParams] = useSearchParams();
  const uploading = params.get('upload') === '1';
  const closeUpload = () => {
    const next = new URLSearchParams(params);
    next.delete('upload');
    next.delete('claimId');
    setParams(next, { replace: true });
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Document Repository
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
          Store your claim documents securely and run AI analysis on medical records, nexus letters and more.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <UploadCard />
        <SupportedTypesCard />
      </Box>
      <DocumentsSection />
      {uploading ? <UploadDialog open claimId={params.get('claimId')} onClose={closeUpload} /> : null}
    </Box>
  );
}
