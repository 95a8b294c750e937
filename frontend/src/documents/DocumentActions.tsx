import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../toast/useToast';
import { documentFileUrl, downloadUrl, hasAnalysis } from './format';
import type { Document } from './types';

export const UPGRADE_REQUIRED_MESSAGE =
  'Document analysis is not available on the Free plan. Upgrade to Basic or Pro to analyze documents.';

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
}

/** View, download, View AI Analysis Results (when there are results), Analyze and Delete. */
export function DocumentActions({ document, isFreePlan, onAnalyze, onShowResults, onDelete }: DocumentActionsProps) {
  const { toast } = useToast();
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
          <Button size="small" onClick={notAvailable} startIcon={<VisibilityOutlined aria-hidden />} aria-label={`View ${name}`} data-testid="document-view">
            View
          </Button>
        )}
        <Tooltip title="Download">
          {fileUrl ? (
            <IconButton size="small" component="a" href={downloadUrl(fileUrl)} download aria-label={`Download ${name}`} data-testid="document-download">
              <FileDownloadOutlined aria-hidden fontSize="small" />
            </IconButton>
          ) : (
            <IconButton size="small" onClick={notAvailable} aria-label={`Download ${name}`} data-testid="document-download">
              <FileDownloadOutlined aria-hidden fontSize="small" />
            </IconButton>
          )}
        </Tooltip>
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
