import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { visuallyHidden } from '../common/a11y';
import { useToast } from '../toast/useToast';
import { UPGRADE_REQUIRED_MESSAGE } from './analysisTypes';
import { documentFileUrl, downloadUrl, hasAnalysis } from './format';
import type { Document } from './types';

export { UPGRADE_REQUIRED_MESSAGE };

/** Why Analyze waits while an analysis runs. */
export const ANALYSIS_RUNNING_REASON = 'An analysis of this document is in progress. You can analyze it again when it finishes.';

export interface DocumentActionHandlers {
  /** Paid plans: open the Analyze dialog. */
  onAnalyze: (document: Document) => void;
  onShowResults: (document: Document) => void;
  onDelete: (document: Document) => void;
}

interface DocumentActionsProps extends DocumentActionHandlers {
  document: Document;
  /** The Free plan (analysis blocked); undefined while the user is loading. */
  isFreePlan: boolean | undefined;
  /** An analysis was just asked for (the list may not show it processing yet). */
  analyzing?: boolean;
}

/** View, download, View AI Analysis Results (when there are results), Analyze and Delete. */
export function DocumentActions({ document, isFreePlan, analyzing = false, onAnalyze, onShowResults, onDelete }: DocumentActionsProps) {
  const { toast } = useToast();
  const reasonId = useId();
  // The Free plan's button stays pressable: it explains the upgrade.
  const running = !isFreePlan && (analyzing || document.processingStatus === 'processing');
  const navigate = useNavigate();
  const fileUrl = documentFileUrl(document);
  const name = document.fileName;
  const notAvailable = () => toast({ title: 'Error', description: 'Document file not available', variant: 'destructive' });

  const analyze = () => {
    if (isFreePlan) {
      toast({ title: 'Upgrade Required', description: UPGRADE_REQUIRED_MESSAGE, variant: 'destructive' });
      navigate('/billing');
      return;
    }
    onAnalyze(document);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {hasAnalysis(document) ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<InsightsOutlined aria-hidden />}
          onClick={() => onShowResults(document)}
          aria-haspopup="dialog"
          aria-label={`View AI Analysis Results of ${name}`}
          data-testid="document-results"
        >
          View AI Analysis Results
        </Button>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {fileUrl ? (
          <Button
            size="small"
            component="a"
            href={fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<VisibilityOutlined aria-hidden />}
            aria-label={`View ${name} (opens in a new tab)`}
            data-testid="document-view"
          >
            View
          </Button>
        ) : (
          <Button
            size="small"
            onClick={notAvailable}
            startIcon={<VisibilityOutlined aria-hidden />}
            aria-label={`View ${name}`}
            data-testid="document-view"
          >
            View
          </Button>
        )}
        <Tooltip title="Download">
          {fileUrl ? (
            <IconButton
              size="small"
              component="a"
              href={downloadUrl(fileUrl)}
              download
              aria-label={`Download ${name}`}
              data-testid="document-download"
            >
              <FileDownloadOutlined aria-hidden fontSize="small" />
            </IconButton>
          ) : (
            <IconButton size="small" onClick={notAvailable} aria-label={`Download ${name}`} data-testid="document-download">
              <FileDownloadOutlined aria-hidden fontSize="small" />
            </IconButton>
          )}
        </Tooltip>
        {running ? (
          <>
            <Tooltip title={ANALYSIS_RUNNING_REASON} describeChild>
              <Box component="span" tabIndex={0} data-testid="document-analyze-wait" sx={{ display: 'inline-flex', borderRadius: 1 }}>
                <Button
                  size="small"
                  disabled
                  startIcon={<CircularProgress aria-hidden size={14} color="inherit" />}
                  aria-label={`Analyze ${name} (analysis in progress)`}
                  aria-describedby={reasonId}
                  data-testid="document-analyze"
                  data-running
                >
                  Analyzing…
                </Button>
              </Box>
            </Tooltip>
            <Box component="span" id={reasonId} sx={visuallyHidden}>
              {ANALYSIS_RUNNING_REASON}
            </Box>
          </>
        ) : (
          <Button
            size="small"
            onClick={analyze}
            disabled={isFreePlan === undefined}
            startIcon={isFreePlan ? <WorkspacePremiumOutlined aria-hidden /> : <AutoAwesomeOutlined aria-hidden />}
            aria-label={isFreePlan ? `Analyze ${name} (upgrade required)` : `Analyze ${name}`}
            aria-haspopup={isFreePlan ? undefined : 'dialog'}
            data-testid="document-analyze"
            data-upgrade={isFreePlan || undefined}
          >
            Analyze
          </Button>
        )}
        <Tooltip title="Delete">
          <IconButton
            size="small"
            color="error"
            onClick={() => onDelete(document)}
            aria-label={`Delete ${name}`}
            aria-haspopup="dialog"
            data-testid="document-delete"
            sx={{ ml: 'auto' }}
          >
            <DeleteOutline aria-hidden fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
