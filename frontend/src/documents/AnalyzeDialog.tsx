import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { useId, useState, type FormEvent } from 'react';
import { DESKTOP_QUERY } from '../shell/breakpoints';
import { ANALYSIS_LIMITS_TEXT, ANALYSIS_TYPES, analysisCaveat, isAnalysisType, type AnalysisType } from './analysisTypes';
import type { Document } from './types';
import { useLastDefined } from './useLastDefined';

interface AnalyzeDialogProps {
  /** The document to analyze; null closes the dialog. */
  document: Document | null;
  onClose: () => void;
  /** Analyze pressed: the caller closes the dialog and runs the analysis. */
  onSubmit: (document: Document, analysisType: AnalysisType) => void;
}

/** The type chosen when the dialog opens: the document's last analysis type, else General Analysis. */
function initialType(document: Document | null): AnalysisType {
  const last = document?.analysisType ?? document?.aiAnalysisResults?.analysisType;
  return isAnalysisType(last) ? last : 'general';
}

/** Paid plans' Analyze: pick one of the nine analysis types (spec doc 0 §9) and run it. */
export function AnalyzeDialog({ document: target, onClose, onSubmit }: AnalyzeDialogProps) {
  const document = useLastDefined(target);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const titleId = useId();
  const formId = useId();
  const legendId = useId();
  const limitsId = useId();
  const [choice, setChoice] = useState<{ documentId: string | null; type: AnalysisType }>({ documentId: null, type: 'general' });
  // Another document starts from its own initial type.
  const documentId = document?.id ?? null;
  const selected = choice.documentId === documentId ? choice.type : initialType(document);
  const select = (type: AnalysisType) => setChoice({ documentId, type });
  const caveat = document ? analysisCaveat(document) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) onSubmit(target, selected);
  };

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={!isDesktop}
      scroll="paper"
      slotProps={{ paper: { 'data-testid': 'analyze-dialog' } as object }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoAwesomeOutlined aria-hidden sx={{ color: 'primary.main' }} />
        Analyze Document
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {document ? (
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="analyze-file-name">
            {document.fileName}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" id={limitsId} sx={{ mt: 0.5 }} data-testid="analyze-limits">
          {ANALYSIS_LIMITS_TEXT}
        </Typography>
        {caveat ? (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="analyze-caveat">
            {caveat}
          </Alert>
        ) : null}
        <Box component="form" id={formId} onSubmit={submit} noValidate sx={{ mt: 2 }}>
          <FormControl component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" id={legendId} sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
              Analysis type
            </FormLabel>
            <RadioGroup
              name="analysisType"
              value={selected}
              onChange={(_event, value) => {
                if (isAnalysisType(value)) select(value);
              }}
              aria-labelledby={legendId}
              data-testid="analysis-types"
              sx={{ display: 'grid', gap: 1 }}
            >
              {ANALYSIS_TYPES.map((type) => (
                <AnalysisTypeOption key={type.value} option={type} checked={selected === type.value} onSelect={() => select(type.value)} />
              ))}
            </RadioGroup>
          </FormControl>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={!target}
          startIcon={<AutoAwesomeOutlined aria-hidden />}
          data-testid="analyze-submit"
        >
          Analyze
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AnalysisTypeOption({
  option,
  checked,
  onSelect,
}: {
  option: (typeof ANALYSIS_TYPES)[number];
  checked: boolean;
  onSelect: () => void;
}) {
  const descriptionId = useId();
  return (
    <Box
      data-analysis-type={option.value}
      sx={{
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        outline: checked ? 1 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <FormControlLabel
        value={option.value}
        control={<Radio slotProps={{ input: { 'aria-describedby': descriptionId } }} />}
        label={option.label}
        sx={{ m: 0, '& .MuiFormControlLabel-label': { fontWeight: checked ? 700 : 500 } }}
      />
      {/* Clicking the description picks the option too; keyboard users pick with the radio itself. */}
      <Typography
        id={descriptionId}
        variant="body2"
        color="text.secondary"
        onClick={onSelect}
        sx={{ pl: 4.25, pb: 0.5, cursor: 'pointer' }}
      >
        {option.description}
      </Typography>
    </Box>
  );
}
