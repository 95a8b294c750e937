import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import {
  ANALYSIS_TYPE_LABELS,
  EVIDENCE_ELEMENT_LABELS,
  type AnalysisType,
  type EvidenceElement,
  type EvidenceItem,
  type EvidenceMap,
  type NextStep,
  type NextStepKind,
} from '@cc/contracts';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../common/a11y';
import { EvidenceStateChip } from './EvidenceStateChip';
import { documentFilePath, needsAction, reasonLead } from './format';
import { ReadinessMeter } from './ReadinessMeter';

const STEP_ICONS: Record<NextStepKind, typeof ArrowForward> = {
  dbq: AssignmentOutlined,
  'nexus-letter': LocalHospitalOutlined,
  upload: CloudUploadOutlined,
  'lay-statement': EditNoteOutlined,
  'va-form': ArticleOutlined,
};

const analysisLabel = (type: string) => ANALYSIS_TYPE_LABELS[type as AnalysisType] ?? type;

function Item({ item, readOnly }: { item: EvidenceItem; readOnly: boolean }) {
  return (
    <Box component="li" data-testid="evidence-item" data-document-id={item.documentId} sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, flexWrap: 'wrap' }}>
        <DescriptionOutlined aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
        {readOnly ? (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {item.fileName}
          </Typography>
        ) : (
          // Opened as the documents page's View opens it: the stored file, in a new tab.
          <Link
            href={documentFilePath(item.documentId)}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="evidence-document"
          >
            {item.fileName}
            <Box component="span" sx={visuallyHidden}>
              {' (opens in a new tab)'}
            </Box>
          </Link>
        )}
        <Typography variant="caption" color="text.secondary">
          · {analysisLabel(item.analysisType)}
        </Typography>
      </Box>
      {item.quote ? (
        <Box
          component="blockquote"
          data-testid="evidence-quote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', fontStyle: 'italic', overflowWrap: 'anywhere' }}
        >
          <Typography variant="body2">“{item.quote}”</Typography>
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary">
          No source sentence was kept for this finding.
        </Typography>
      )}
    </Box>
  );
}

/** A next step as a link to the tool that does it (the evidence map and the claim strategy). */
export function Step({ step, readOnly }: { step: NextStep; readOnly: boolean }) {
  const Icon = STEP_ICONS[step.kind] ?? ArrowForward;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Icon aria-hidden fontSize="small" sx={{ mt: '2px', color: 'primary.main' }} />
      {readOnly ? (
        <Typography variant="body2">{step.label}</Typography>
      ) : (
        <Link
          component={RouterLink}
          to={step.href}
          variant="body2"
          sx={{ fontWeight: 600 }}
          data-testid="evidence-next-step"
          data-kind={step.kind}
        >
          {step.label}
        </Link>
      )}
    </Box>
  );
}

function ElementRow({ element, readOnly }: { element: EvidenceElement; readOnly: boolean }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="evidence-element"
      data-element={element.element}
      data-state={element.state}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.25, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {EVIDENCE_ELEMENT_LABELS[element.element]}
        </Typography>
        <EvidenceStateChip state={element.state} />
      </Box>
      <Typography variant="body2" color={reasonLead(element.state) ? 'text.primary' : 'text.secondary'} data-testid="evidence-reason">
        {reasonLead(element.state) ? <strong>{reasonLead(element.state)}</strong> : null}
        {element.reason}
      </Typography>
      {element.items.length > 0 ? (
        <Box>
          <Typography
            component="h4"
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}
          >
            What shows it
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.75, p: 0, display: 'grid', gap: 1.25 }}>
            {element.items.map((item, index) => (
              <Item key={`${item.analysisId}-${index}`} item={item} readOnly={readOnly} />
            ))}
          </Box>
        </Box>
      ) : null}
      {needsAction(element.state) && element.nextSteps.length > 0 ? (
        <Box>
          <Typography
            component="h4"
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5 }}
          >
            {readOnly ? 'Next steps suggested to the veteran' : 'Next steps'}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.75, p: 0, display: 'grid', gap: 0.75 }}>
            {element.nextSteps.map((step) => (
              <Step key={`${step.kind}-${step.href}`} step={step} readOnly={readOnly} />
            ))}
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}

/** "March 1, 2025" for a deadline's YYYY-MM-DD, in words (no time zone: the letter is dated a day). */
function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** A decided claim: what the decision means for the map, and for a denial the Supplemental Claim deadline. */
function DecisionNotice({ map }: { map: EvidenceMap }) {
  if (map.stage === 'granted') {
    return (
      <Alert severity="success" icon={<GavelOutlined fontSize="inherit" />} data-testid="evidence-decision" data-stage="granted">
        <AlertTitle>VA granted service connection</AlertTitle>
        {map.readinessReason}
      </Alert>
    );
  }
  if (map.stage !== 'denied') return null;
  const deadline = map.reviewDeadline;
  return (
    <Alert severity="warning" icon={<GavelOutlined fontSize="inherit" />} data-testid="evidence-decision" data-stage="denied">
      <AlertTitle>VA denied this claim: what a Supplemental Claim needs</AlertTitle>
      <Typography variant="body2">
        A Supplemental Claim (VA Form 20-0995) needs new and relevant evidence: evidence VA did not have when it decided, that tends to
        prove what it found missing (38 CFR 3.2501). Each element below says what would help.
      </Typography>
      {deadline ? (
        <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 700 }} data-testid="evidence-review-deadline">
          File by {longDay(deadline.dueDate)} to keep your effective date ({deadline.basis}). You can file later, with a later effective
          date.
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * A claim's evidence map: readiness and its reason, then the three elements of service connection,
 * each with its state, why, the documents and sentences behind it and, when weak or missing, the
 * next steps. `readOnly` (the staff console) shows the same map without links into the veteran's app.
 */
export function EvidenceMapView({ map, readOnly = false }: { map: EvidenceMap; readOnly?: boolean }) {
  return (
    <Box data-testid="evidence-map" data-readiness={map.readiness} data-stage={map.stage} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <DecisionNotice map={map} />
      {map.stage === 'granted' ? null : (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 700 }}>
            {map.stage === 'denied' ? 'Readiness for a Supplemental Claim' : 'Readiness'}
          </Typography>
          <ReadinessMeter row={map} />
        </Paper>
      )}
      {map.elements.map((element) => (
        <ElementRow key={element.element} element={element} readOnly={readOnly} />
      ))}
    </Box>
  );
}
