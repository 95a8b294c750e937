import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { ClaimDocumentSummary } from '@cc/contracts';
import { DetailCard } from './DetailCard';

const PROCESSING_LABELS: Record<ClaimDocumentSummary['processingStatus'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Processed',
  failed: 'Failed',
};

/** The documents linked to the claim, each with its processing status. */
export function ClaimDocuments({ documents }: { documents: readonly ClaimDocumentSummary[] }) {
  return (
    <DetailCard title="Associated Documents" testId="claim-documents">
      {documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No documents are linked to this claim yet.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {documents.map((document) => (
            <Box component="li" key={document.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <DescriptionOutlined aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {document.fileName}
              </Typography>
              <Chip size="small" variant="outlined" label={PROCESSING_LABELS[document.processingStatus] ?? document.processingStatus} />
            </Box>
          ))}
        </Box>
      )}
    </DetailCard>
  );
}
