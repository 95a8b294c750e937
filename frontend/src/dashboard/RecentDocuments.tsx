import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { DashboardPayload } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../claims/format';
import { EmptyText, SectionCard } from './SectionCard';

type RecentDocument = DashboardPayload['recentDocuments'][number];

function ProcessingBadge({ status }: { status: string }) {
  const processed = status === 'completed';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={processed ? 'success' : 'default'}
      icon={processed ? <CheckCircleOutline aria-hidden /> : <HourglassEmptyOutlined aria-hidden />}
      label={processed ? 'Processed' : 'Processing'}
      data-testid="document-status"
    />
  );
}

function DocumentRow({ document }: { document: RecentDocument }) {
  return (
    <Box
      component="li"
      data-testid="recent-document"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <DescriptionOutlined aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={document.fileName} sx={{ fontWeight: 700 }}>
          {document.fileName}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.25 }}>
          <Typography component="time" dateTime={document.uploadedAt} variant="caption" color="text.secondary">
            {formatDate(document.uploadedAt)}
          </Typography>
          <ProcessingBadge status={document.processingStatus} />
        </Box>
      </Box>
      {document.fileUrl ? (
        <IconButton
          component="a"
          href={document.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${document.fileName} in a new tab`}
        >
          <OpenInNew aria-hidden fontSize="small" />
        </IconButton>
      ) : (
        <IconButton disabled aria-label={`${document.fileName}: file not available`}>
          <OpenInNew aria-hidden fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** The latest uploads, with Manage All to /documents. */
export function RecentDocuments({ documents }: { documents: readonly RecentDocument[] | undefined }) {
  return (
    <SectionCard
      title="Recent Documents"
      testId="recent-documents"
      action={
        <Button
          component={RouterLink}
          to="/documents"
          size="small"
          endIcon={<ArrowForward aria-hidden />}
          aria-label="Manage all documents"
        >
          Manage All
        </Button>
      }
    >
      {!documents ? (
        <Box role="status" aria-label="Loading recent documents">
          {[0, 1].map((key) => (
            <Skeleton key={key} height={48} />
          ))}
        </Box>
      ) : documents.length === 0 ? (
        <EmptyText testId="recent-documents-empty">No documents uploaded yet</EmptyText>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
