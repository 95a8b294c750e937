import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useId } from 'react';
import { formatDate } from '../claims/format';
import { DocumentActions, type DocumentActionHandlers } from './DocumentActions';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { DocumentTypeIcon } from './DocumentTypeIcon';
import { documentKind, formatFileSize, KIND_LABELS, statusHint } from './format';
import type { Document } from './types';

interface DocumentCardProps extends DocumentActionHandlers {
  document: Document;
  isFreePlan: boolean | undefined;
}

/** One document: type icon, name, type and size, status badge with its hint, upload date, linked claim, actions. */
export function DocumentCard({ document, isFreePlan, ...handlers }: DocumentCardProps) {
  const titleId = useId();
  const kind = documentKind(document);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="document-card"
      data-document-id={document.id}
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
        <DocumentTypeIcon kind={kind} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="document-name">
            {document.fileName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {KIND_LABELS[kind]} · <span data-testid="document-size">{formatFileSize(document.fileSize)}</span>
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <DocumentStatusBadge status={document.processingStatus} />
        <Typography variant="body2" color="text.secondary" data-testid="document-hint">
          {statusHint(document)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          Uploaded{' '}
          <Box component="time" dateTime={document.uploadedAt} sx={{ color: 'text.primary' }} data-testid="document-uploaded">
            {formatDate(document.uploadedAt)}
          </Box>
        </Typography>
        {document.claimId ? (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }} data-testid="document-claim">
            <LinkOutlined aria-hidden fontSize="small" />
            <span>
              Linked to claim:{' '}
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {document.claimCondition?.trim() || 'Unknown'}
              </Box>
            </span>
          </Typography>
        ) : null}
      </Box>
      <Divider sx={{ mt: 'auto' }} />
      <DocumentActions document={document} isFreePlan={isFreePlan} {...handlers} />
    </Card>
  );
}
