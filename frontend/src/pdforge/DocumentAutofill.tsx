import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WIZARD_TOASTS, type AnalysisResult, type AnalysisType, type Document } from '@cc/contracts';
import { useState } from 'react';
import { isUnauthorizedError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { analyzeDocument } from '../documents/api';
import { useDocuments, useRefreshDocuments } from '../documents/queries';
import { useToast } from '../toast/useToast';
import { guessDocumentType } from './model';

/** The text the AI assist gets for a picked document: what its analysis found, in sentences. */
export function analysisDigest(result: AnalysisResult): string {
  return [
    ...result.keyFindings,
    ...result.conditionFindings.map((f) => f.source ?? ''),
    ...(result.medicalTimeline?.timelineEvents ?? []).map((e) => e.description),
    ...(result.serviceConnectionEvidence ?? []).map((e) => e.inServiceEvent),
    result.nexusEvaluation?.nexusOpinion ?? '',
    result.nexusEvaluation?.medicalRationale ?? '',
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`))
    .join('\n');
}

const typeFor = (d: Document): AnalysisType =>
  guessDocumentType(d.fileName, d.aiAnalysisResults) === 'Nexus Letter' ? 'nexus-letter' : 'timeline';

/**
 * Document auto-fill (doc 2 §2.1, section index 5): pick one of the user's documents, analyze it
 * (`POST /api/documents/{id}/analyze`), and hand the result to the form.
 */
export function DocumentAutofill({ onAnalyzed }: { onAnalyzed: (document: Document, result: AnalysisResult) => void }) {
  const { toast } = useToast();
  const documents = useDocuments({ q: '', processingStatus: null });
  const refresh = useRefreshDocuments();
  const [selected, setSelected] = useState('');
  const [busy, setBusy] = useState(false);
  const list = documents.data?.documents ?? [];

  const analyze = async () => {
    const document = list.find((d) => d.id === selected);
    if (!document) return;
    setBusy(true);
    try {
      const outcome = await analyzeDocument(document.id, typeFor(document));
      if (outcome.kind === 'processing' || !outcome.analysisResult) {
        toast({ title: 'Still analyzing', description: 'The analysis is taking longer than usual. Try the auto-fill again in a minute.' });
        return;
      }
      onAnalyzed(outcome.document ?? document, outcome.analysisResult);
      toast({
        title: WIZARD_TOASTS.documentAnalyzed,
        description: `The AI will use ${document.fileName} for suggestions, and its findings are filled in.`,
      });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const [title, description] = WIZARD_TOASTS.analysisFailed;
      toast({ ...errorToastText(error, { title, description }), variant: 'destructive' });
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Auto-fill from a document" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Auto-fill from a document
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The AI reads one of your documents and fills the conditions, dates, providers and evidence it finds.
      </Typography>
      {documents.isPending ? (
        <CircularProgress size={20} aria-label="Loading your documents" />
      ) : documents.isError ? (
        <Alert severity="error">Your documents could not be loaded.</Alert>
      ) : list.length === 0 ? (
        <Alert severity="info">You have no documents yet. Upload one on the Documents page to use auto-fill.</Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Document"
            value={selected}
            onChange={(e) => setSelected(e.target.value)}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose a document</option>
            {list.map((d) => (
              <option key={d.id} value={d.id}>
                {d.fileName}
              </option>
            ))}
          </TextField>
          <Button
            variant="outlined"
            startIcon={busy ? <CircularProgress size={16} /> : <DocumentScannerIcon />}
            disabled={!selected || busy}
            onClick={() => void analyze()}
          >
            {busy ? 'Analyzing…' : 'Analyze document'}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
