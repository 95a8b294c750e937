import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useId } from 'react';
import { DESKTOP_QUERY } from '../shell/breakpoints';
import {
  analysisHeader,
  analysisSections,
  sourceQuote,
  type Block,
  type ConditionEntry,
  type FindingRow,
  type ResultSection,
  type StatusTag,
  type Tone,
} from './analysisSections';
import { isAnalysisType } from './analysisTypes';
import { documentFileUrl } from './format';
import { useGenerateAnalysisReport } from './mutations';
import type { Document } from './types';
import { useLastDefined } from './useLastDefined';
import { ToneChip, type ChipTone } from '../common/ToneChip';

/** Text colours at least 4.5:1 on the paper of each theme; each tone also has its own icon. */
const TONE_STYLE: Record<Tone, ChipTone> = {
  positive: { icon: CheckCircleOutline, light: '#1b7a3a', dark: '#6fd68f' },
  caution: { icon: WarningAmberOutlined, light: '#8a4b00', dark: '#ffc766' },
  negative: { icon: CancelOutlined, light: '#b3261e', dark: '#ff8a80' },
  neutral: { icon: RemoveCircleOutline, light: '#47536b', dark: '#c3ccd9' },
};

/** A status as icon and text (colour is never the only signal). */
function StatusChip({ status }: { status: StatusTag }) {
  return (
    <ToneChip
      tone={TONE_STYLE[status.tone] ?? TONE_STYLE.neutral}
      label={status.text}
      wrap
      data={{ 'data-testid': 'analysis-status', 'data-tone': status.tone }}
    />
  );
}

/** The sentence a finding was read from, quoted, muted and smaller. */
function SourceQuote({ source }: { source: string }) {
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}
      data-testid="analysis-source"
    >
      {sourceQuote(source)}
    </Typography>
  );
}

function BlockLabel({ label }: { label: string }) {
  if (!label) return null;
  return (
    <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
      {label}
    </Typography>
  );
}

const LIST_SX = { m: 0, pl: 3, display: 'grid', gap: 0.5 } as const;

function PlainList({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={LIST_SX}>
      {items.map((item, index) => (
        <Typography component="li" variant="body2" key={`${index}-${item}`} sx={{ overflowWrap: 'anywhere' }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

function ConditionList({ conditions }: { conditions: ConditionEntry[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {conditions.map((condition, index) => (
        <Box component="li" key={`${index}-${condition.name}`} data-testid="analysis-condition">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              component="span"
              label={condition.name}
              color="primary"
              variant="outlined"
              size="small"
              sx={{ fontWeight: 700, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
            {condition.codes.length > 0 ? (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
                data-testid="analysis-condition-codes"
              >
                {condition.codes.join(' · ')}
              </Typography>
            ) : null}
          </Box>
          {condition.source ? <SourceQuote source={condition.source} /> : null}
        </Box>
      ))}
    </Box>
  );
}

function FindingRows({ rows }: { rows: FindingRow[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {rows.map((row, index) => (
        <Box
          component="li"
          key={`${index}-${row.title}`}
          data-testid="analysis-row"
          sx={{ p: 1.25, borderRadius: 1, border: 1, borderColor: 'divider', minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
              {row.title}
            </Typography>
            {row.status ? <StatusChip status={row.status} /> : null}
          </Box>
          {row.details.length > 0 ? (
            <Box component="dl" sx={{ m: 0, mt: 0.75, display: 'grid', gap: 0.5 }}>
              {row.details.map((detail, detailIndex) => (
                <Box key={`${detailIndex}-${detail.label}`} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                    {detail.label}:
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
                    {detail.text}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {row.lists.map((list) => (
            <Box key={list.label} sx={{ mt: 0.75 }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {list.label}:
              </Typography>
              <PlainList items={list.items} />
            </Box>
          ))}
          {row.source ? <SourceQuote source={row.source} /> : null}
        </Box>
      ))}
    </Box>
  );
}

function ResultBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'status':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
            {block.label}:
          </Typography>
          <StatusChip status={block.status} />
        </Box>
      );
    case 'text':
      return (
        <Box>
          <BlockLabel label={block.label} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {block.text}
          </Typography>
          {block.source ? <SourceQuote source={block.source} /> : null}
        </Box>
      );
    case 'list':
      return (
        <Box>
          <BlockLabel label={block.label} />
          <PlainList items={block.items} />
        </Box>
      );
    case 'conditions':
      return (
        <Box>
          <BlockLabel label={block.label} />
          <ConditionList conditions={block.conditions} />
        </Box>
      );
    case 'rows':
      return (
        <Box>
          <BlockLabel label={block.label} />
          <FindingRows rows={block.rows} />
        </Box>
      );
    default:
      return null;
  }
}

function SectionAccordion({ section }: { section: ResultSection }) {
  const summaryId = useId();
  const detailsId = useId();
  return (
    <Accordion
      defaultExpanded
      disableGutters
      variant="outlined"
      data-testid={`analysis-section-${section.key}`}
      sx={{ '&:not(:last-of-type)': { mb: 1 }, borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore aria-hidden />} id={summaryId} aria-controls={detailsId} sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {section.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={detailsId} sx={{ px: { xs: 1.5, sm: 2 }, pt: 0, display: 'grid', gap: 1.5 }}>
        {section.blocks.map((block, index) => (
          <ResultBlock key={`${index}-${block.kind}-${block.label}`} block={block} />
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

/** The stored analysis results of a document as readable headed sections, and the PDF report. */
export function AnalysisResultsDialog({ document: target, onClose }: { document: Document | null; onClose: () => void }) {
  const document = useLastDefined(target);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const titleId = useId();
  const result = document?.aiAnalysisResults ?? null;
  const sections = analysisSections(result);
  const header = analysisHeader(result, document ?? undefined);
  const report = useGenerateAnalysisReport();
  const analysisType = isAnalysisType(result?.analysisType)
    ? result.analysisType
    : isAnalysisType(document?.analysisType)
      ? document.analysisType
      : null;
  const generating = report.isPending && report.variables?.documentId === document?.id;
  const generated = report.isSuccess && report.variables?.documentId === document?.id ? report.data : null;
  const generatedUrl = generated ? documentFileUrl(generated) : null;

  const generate = () => {
    if (!document || !analysisType) return;
    report.mutate({ documentId: document.id, analysisType, originalFileName: document.fileName });
  };

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={!isDesktop}
      scroll="paper"
      slotProps={{ paper: { 'data-testid': 'analysis-results-dialog' } as object }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        AI Analysis Results
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <Close aria-hidden />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Box data-testid="analysis-header" sx={{ mb: 2 }}>
          {document ? (
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="analysis-file-name">
              {document.fileName}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25, mt: 0.25 }}>
            {header.typeLabel ? (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="analysis-type">
                {header.typeLabel}
              </Typography>
            ) : null}
            {header.analyzedOn ? (
              <Typography variant="body2" color="text.secondary" data-testid="analysis-date">
                {header.typeLabel ? '· ' : ''}Analyzed <time dateTime={document?.analyzedAt ?? undefined}>{header.analyzedOn}</time>
              </Typography>
            ) : null}
          </Box>
          {header.producedBy ? (
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.25 }} data-testid="analysis-engine">
              {header.producedBy}
            </Typography>
          ) : null}
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
            AI analysis can be wrong. Check each finding against the quoted sentence from your document; this is not legal or medical
            advice.
          </Typography>
        </Box>
        {sections.length === 0 ? (
          <Typography color="text.secondary" data-testid="analysis-empty">
            These results have no findings to show.
          </Typography>
        ) : (
          sections.map((section) => <SectionAccordion key={section.key} section={section} />)
        )}
        {generated ? (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="generated-report">
            Report created: <strong>{generated.fileName}</strong>
            {generatedUrl ? (
              <>
                {' · '}
                <Link href={generatedUrl} target="_blank" rel="noopener noreferrer" data-testid="generated-report-link">
                  Open the report (opens in a new tab)
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={generate}
          disabled={generating || !document || !analysisType}
          aria-busy={generating}
          startIcon={generating ? <CircularProgress aria-hidden size={16} color="inherit" /> : <PictureAsPdfOutlined aria-hidden />}
          data-testid="generate-report"
        >
          {generating ? 'Generating PDF…' : 'Generate PDF Report'}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
