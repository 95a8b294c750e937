import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { summariseAnalysis } from './analysis';
import type { Document } from './types';
import { useLastDefined } from './useLastDefined';

/**
 * The stored analysis results of a document, as plain lists. The full report view and the PDF
 * report come with document analysis.
 */
export function AnalysisResultsDialog({ document: target, onClose }: { document: Document | null; onClose: () => void }) {
  const document = useLastDefined(target);
  const titleId = useId();
  const summary = summariseAnalysis(document?.aiAnalysisResults);
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      scroll="paper"
      slotProps={{ paper: { 'data-testid': 'analysis-results-dialog' } as object }}
    >
      <DialogTitle id={titleId}>AI Analysis Results</DialogTitle>
      <DialogContent dividers>
        {document ? <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{document.fileName}</Typography> : null}
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          {summary.analysisType ? (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">
                Analysis type
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {summary.analysisType}
              </Typography>
            </>
          ) : null}
          {summary.documentType ? (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">
                Document type
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {summary.documentType}
              </Typography>
            </>
          ) : null}
        </Box>
        {summary.sections.length === 0 ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            These results have no findings to show.
          </Typography>
        ) : (
          summary.sections.map((section) => (
            <Box component="section" key={section.title} sx={{ mt: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {section.title}
              </Typography>
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
                {section.items.map((item, index) => (
                  <Typography component="li" variant="body2" key={index} sx={{ overflowWrap: 'anywhere' }}>
                    {item}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
