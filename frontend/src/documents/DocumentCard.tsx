import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useId } from 'react';
import { formatDate } from '../claims/format';
import { analysisTypeLabel } from './analysisTypes';
import { DocumentActions, type DocumentActionHandlers } from './DocumentActions';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { DocumentTypeIcon } from './DocumentTypeIcon';
import { documentKind, formatFileSize, hasAnalysis, KIND_LABELS, statusHint } from './format';
import type { Document } from './types';

interface DocumentCardProps extends DocumentActionHandlers {
  document: Document;
  isFreePlan: boolean | undefined;
  /** An analysis was just asked for or is being followed (the list may lag behind). */
  analyzing?: boolean;
}

/** One document: type icon, name, type and size, status badge with its hint, upload date, linked claim, actions. */
export function DocumentCard({ document, isFreePlan, analyzing = false, ...handlers }: DocumentCardProps) {
  const titleId = useId();
  const kind = documentKind(document);
  const running = document.processingStatus === 'processing' || analyzing;
  const hint = running ? statusHint({ processingStatus: 'processing', aiAnalysisResults: null }) : statusHint(document);
  const failure = !running && document.processingStatus === 'failed' ? document.analysisError?.trim() : '';
  const analyzedOn = hasAnalysis(document) ? formatDate(document.analyzedAt) : '';
  const analyzedType = analysisTypeLabel(document.aiAnalysisResults?.analysisType);
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
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <DocumentStatusBadge status={document.processingStatus} />
          <Typography variant="body2" color="text.secondary" data-testid="document-hint">
            {hint}
          </Typography>
        </Box>
        {running ? (
          <LinearProgress
            aria-label={`Analysis of ${document.fileName} in progress`}
            data-testid="document-analysis-progress"
            sx={{ borderRadius: 1 }}
          />
        ) : null}
        {failure ? (
          <Typography
            variant="body2"
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, color: 'error.main', overflowWrap: 'anywhere' }}
            data-testid="document-analysis-error"
          >
            <ErrorOutline aria-hidden fontSize="small" sx={{ mt: '1px' }} />
            <span>
              <Box component="span" sx={{ fontWeight: 700 }}>
                Reason:
              </Box>{' '}
              {failure}
            </span>
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          Uploaded{' '}
          <Box component="time" dateTime={document.uploadedAt} sx={{ color: 'text.primary' }} data-testid="document-uploaded">
            {formatDate(document.uploadedAt)}
          </Box>
        </Typography>
        {analyzedOn ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
            data-testid="document-analyzed"
          >
            <InsightsOutlined aria-hidden fontSize="small" />
            <span>
              Analyzed{' '}
              <Box component="time" dateTime={document.analyzedAt ?? undefined} sx={{ color: 'text.primary' }}>
                {analyzedOn}
              </Box>
              {analyzedType ? ` · ${analyzedType}` : ''}
            </span>
          </Typography>
        ) : null}
        {document.claimId ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
            data-testid="document-claim"
          >
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
      <DocumentActions document={document} isFreePlan={isFreePlan} analyzing={analyzing} {...handlers} />
    </Card>
  );
}
