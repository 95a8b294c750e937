import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useId } from 'react';
import { ANALYSIS_LIMITS_TEXT, ANALYSIS_TYPES } from './analysis';
import type { Document } from './types';
import { useLastDefined } from './useLastDefined';

/**
 * Paid plans' Analyze. Running an analysis is not built yet: the dialog lists the nine analysis
 * types (spec doc 1 §9) and says, clearly marked, that analysis arrives soon.
 */
export function AnalyzeDialog({ document: target, onClose }: { document: Document | null; onClose: () => void }) {
  const document = useLastDefined(target);
  const titleId = useId();
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'analyze-dialog' } as object }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        Analyze Document
        <Chip icon={<ConstructionOutlined aria-hidden />} label="Coming soon" color="secondary" variant="outlined" size="small" sx={{ fontWeight: 700 }} data-testid="analyze-coming-soon" />
      </DialogTitle>
      <DialogContent>
        {document ? (
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{document.fileName}</Typography>
        ) : null}
        <Typography sx={{ mt: 1 }}>
          AI document analysis is coming soon. You will be able to choose one of these nine analysis types:
        </Typography>
        <Box component="ul" aria-label="Analysis types" data-testid="analysis-types" sx={{ m: 0, mt: 1.5, p: 0, listStyle: 'none', display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {ANALYSIS_TYPES.map((type) => (
            <Box component="li" key={type.value} data-analysis-type={type.value} sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderRadius: 1, border: 1, borderColor: 'divider' }}>
              <AutoAwesomeOutlined aria-hidden fontSize="small" sx={{ color: 'primary.main' }} />
              <Typography variant="body2">{type.label}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {ANALYSIS_LIMITS_TEXT}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
