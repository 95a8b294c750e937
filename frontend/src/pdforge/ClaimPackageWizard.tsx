import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EVIDENCE_CHECKLIST_KEYS,
  EVIDENCE_CHECKLIST_LABELS,
  OBJECTIVES,
  OPTION_LABELS,
  WIZARD_SECTIONS,
  claimPackageFormSchema,
  joinIssues,
  reviewCounts,
  type AnalysisResult,
  type Document,
} from '@cc/contracts';
import type { ReactNode } from 'react';
import { CopilotPanel } from './CopilotPanel';
import { DocumentAutofill, analysisDigest } from './DocumentAutofill';
import { FieldInput } from './FieldInput';
import { RatingCalculatorButton } from './RatingCalculatorButton';
import { RepeatingListEditor } from './RepeatingListEditor';
import { applyAnalysis, orNotProvided, type ClaimPackageDraft, type ClaimTextField } from './model';
import { zodFieldErrors, type FieldErrors } from './useGeneratePdf';

export const LAST_STEP = WIZARD_SECTIONS.length - 1;

/** Which section shows a field (to open the section of the first error). */
export function sectionOf(field: string): number {
  const top = field.split('.')[0] ?? '';
  if (/^service_timeline/.test(top)) return 1;
  if (
    [
      'combined_rating',
      'effective_date',
      'bilateral_factor_info',
      'service_connected_conditions',
      'non_service_connected_deferred_optional',
      'effective_dates_sought',
    ].includes(top)
  )
    return 2;
  if (['claims_summary', 'opinions', 'onset_year', 'evidence_ids', 'symptoms', 'functional_domains'].includes(top)) return 3;
  if (top === 'denials_summary') return 4;
  if (/^(attachments_index|detailed_|previously_considered|evidence_checklist)/.test(top)) return 5;
  if (top === 'sign_date') return 6;
  return 0;
}

export function validateClaimPackage(draft: ClaimPackageDraft): FieldErrors | null {
  const parsed = claimPackageFormSchema.safeParse(draft);
  return parsed.success ? null : zodFieldErrors(parsed.error);
}

export interface WizardSectionsProps {
  step: number;
  onStep: (step: number) => void;
  draft: ClaimPackageDraft;
  onChange: (next: ClaimPackageDraft | ((previous: ClaimPackageDraft) => ClaimPackageDraft)) => void;
  errors: FieldErrors;
  /** The text of the document picked for auto-fill, for the AI assist. */
  documentText: string;
  onDocumentText: (text: string) => void;
  /** Ratings of the user's approved claims, to start the calculator with. */
  knownRatings: number[];
}

/** The seven sections of the Disability Claim Package (doc 2 §2.1), a progress bar and the chips. */
export function ClaimPackageWizard({
  step,
  onStep,
  draft,
  onChange,
  errors,
  documentText,
  onDocumentText,
  knownRatings,
}: WizardSectionsProps) {
  const set = (field: ClaimTextField) => (value: string) => onChange({ ...draft, [field]: value });
  const context = () => ({ ...draft }) as Record<string, unknown>;
  const assist = { context, documentText };
  const text = (field: ClaimTextField, label: string, extra: Partial<Parameters<typeof FieldInput>[0]> = {}) => (
    <FieldInput name={field} label={label} value={draft[field]} onChange={set(field)} error={errors[field]} {...extra} />
  );
  const list = (name: Parameters<typeof RepeatingListEditor>[0]['list'], title: string, itemName: string) => (
    <RepeatingListEditor
      list={name}
      title={title}
      itemName={itemName}
      rows={draft[name]}
      onChange={(rows) => onChange({ ...draft, [name]: rows })}
      errors={errors}
      context={context}
    />
  );
  const sectionErrors = new Set(Object.keys(errors).map(sectionOf));
  const counts = reviewCounts(draft as unknown as Parameters<typeof reviewCounts>[0]);
  const year = new Date().getFullYear();

  const sections: ReactNode[] = [
    <Grid key="summary">
      {text('veteran_full_name', 'Veteran full name', { required: true, inputProps: { maxLength: 200, autoComplete: 'name' } })}
      {text('va_file_number', 'VA file number', { required: true, inputProps: { maxLength: 20 } })}
      {text('ssn_last4', 'SSN last 4', {
        required: true,
        helperText: 'Only the last four digits; the PDF never shows more.',
        inputProps: { maxLength: 4, inputMode: 'numeric', pattern: '[0-9]*' },
      })}
      {text('file_number', 'Claim file number', { inputProps: { maxLength: 20 } })}
      {text('report_date', 'Report date', { type: 'date' })}
      {text('date_prepared', 'Date prepared', { type: 'date' })}
      <Wide>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} id="objectives-label">
          Objectives
        </Typography>
        <FormGroup row aria-labelledby="objectives-label">
          {OBJECTIVES.map((o) => (
            <FormControlLabel
              key={o}
              label={OPTION_LABELS[o]}
              control={
                <Checkbox
                  checked={draft.objectives.includes(o)}
                  onChange={(e) =>
                    onChange({
                      ...draft,
                      objectives: e.target.checked ? [...draft.objectives, o] : draft.objectives.filter((x) => x !== o),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </Wide>
      {text('condition_primary_1', 'Primary condition')}
      {text('condition_increase_1', 'Increase sought', { options: ['', 'Yes', 'No'] })}
      {text('current_pct_1', 'Current rating (%)', { type: 'number', inputProps: { min: 0, max: 100 } })}
      {text('requested_pct_1', 'Requested rating (%)', { type: 'number', inputProps: { min: 0, max: 100 } })}
      {text('condition_secondary_1', 'Secondary condition')}
      {text('primary_condition_ref_1', 'Secondary to (primary condition)')}
      {text('condition_eed_1', 'Earlier effective date sought for')}
      <Wide>
        {text('issue_list', 'Issues claimed', {
          helperText: draft.issue_list
            ? undefined
            : `Left empty, it is your claim issues joined: ${joinIssues({ claims_summary: draft.claims_summary as never, detailed_claims: draft.detailed_claims as never }) || 'none yet'}`,
          assist,
        })}
      </Wide>
      <Wide>{text('veteran_statement', 'Veteran statement', { multiline: true, assist })}</Wide>
    </Grid>,
    <Box key="timeline">
      {list('service_timeline_part_a', 'Service timeline — part A', 'service period')}
      {list('service_timeline_part_b', 'Service timeline — part B', 'duty entry')}
    </Box>,
    <Box key="ratings">
      <Grid>
        <Box>
          {text('combined_rating', 'Combined rating (%)', {
            type: 'number',
            inputProps: { min: 0, max: 100, step: 10 },
            helperText: 'From 0 to 100',
          })}
          <RatingCalculatorButton
            initialRatings={knownRatings}
            onApply={(combined, info) => onChange({ ...draft, combined_rating: String(combined), bilateral_factor_info: info })}
          />
        </Box>
        {text('effective_date', 'Effective date', { type: 'date' })}
        <Wide>{text('bilateral_factor_info', 'Bilateral factor', { multiline: true })}</Wide>
      </Grid>
      {list('service_connected_conditions', 'Service-connected conditions', 'condition')}
      {list('non_service_connected_deferred_optional', 'Non-service-connected, deferred or optional', 'condition')}
      {list('effective_dates_sought', 'Effective dates sought', 'issue')}
    </Box>,
    <Box key="claims">
      {list('claims_summary', 'Claims summary', 'claim')}
      {list('opinions', 'Medical opinions', 'opinion')}
      <Grid>
        {text('onset_year', 'Onset year', {
          type: 'number',
          inputProps: { min: 1950, max: year },
          helperText: `From 1950 to ${year}`,
          assist,
        })}
        {text('evidence_ids', 'Evidence IDs', { helperText: 'e.g. E1, E2 (from the attachments index)', assist })}
        <Wide>{text('symptoms', 'Symptoms', { multiline: true, assist })}</Wide>
        <Wide>{text('functional_domains', 'Functional impact (work, daily living, social)', { multiline: true, assist })}</Wide>
      </Grid>
    </Box>,
    <Box key="denied">{list('denials_summary', 'Denials summary', 'denied claim')}</Box>,
    <Box key="addendum">
      <DocumentAutofill
        onAnalyzed={(document: Document, result: AnalysisResult) => {
          onChange((previous) => applyAnalysis(previous, document, result).form);
          onDocumentText(analysisDigest(result));
        }}
      />
      {list('attachments_index_a', 'Attachments index — part A', 'attachment')}
      {list('attachments_index_b', 'Attachments index — part B', 'attachment')}
      {list('detailed_conditions', 'Detailed conditions', 'condition')}
      {list('detailed_claims', 'Detailed claims', 'claim')}
      {list('previously_considered_strategy', 'Previously considered evidence strategy', 'item')}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} id="checklist-label">
        Evidence checklist
      </Typography>
      <FormGroup aria-labelledby="checklist-label" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {EVIDENCE_CHECKLIST_KEYS.map((k) => (
          <FormControlLabel
            key={k}
            label={EVIDENCE_CHECKLIST_LABELS[k]}
            control={
              <Checkbox
                checked={Boolean(draft.evidence_checklist[k])}
                onChange={(e) => onChange({ ...draft, evidence_checklist: { ...draft.evidence_checklist, [k]: e.target.checked } })}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>,
    <Box key="review" data-testid="review">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {(
          [
            ['Veteran name', orNotProvided(draft.veteran_full_name)],
            ['File number', orNotProvided(draft.va_file_number)],
            ['SSN last 4', orNotProvided(draft.ssn_last4)],
            ['Service periods', String(counts.servicePeriods)],
            ['Claims', String(counts.claims)],
            ['Denied claims', String(counts.deniedClaims)],
          ] as const
        ).map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} color={v === 'Not provided' ? 'text.secondary' : 'text.primary'}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 2, maxWidth: 280 }}>{text('sign_date', 'Signature date', { type: 'date' })}</Box>
      {Object.keys(errors).length > 0 && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          Some fields need attention:{' '}
          {Object.keys(errors)
            .map((f) => `${WIZARD_SECTIONS[sectionOf(f)]} (${f.split('.')[0]?.replace(/_/g, ' ')})`)
            .join('; ')}
          .
        </Typography>
      )}
    </Box>,
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        {/* Stays in view while a long section scrolls; on a phone the chips scroll sideways. */}
        <Box sx={{ position: 'sticky', top: -16, zIndex: 2, bgcolor: 'background.paper', pt: 2, mt: -2, pb: 1, mb: 1 }}>
          <LinearProgress
            variant="determinate"
            value={((step + 1) / WIZARD_SECTIONS.length) * 100}
            aria-label={`Step ${step + 1} of ${WIZARD_SECTIONS.length}`}
            sx={{ mb: 1.5, height: 6, borderRadius: 3 }}
          />
          <Stack
            direction="row"
            component="nav"
            aria-label="Sections"
            sx={{ gap: 0.75, flexWrap: { xs: 'nowrap', md: 'wrap' }, overflowX: { xs: 'auto', md: 'visible' }, pb: 0.5 }}
          >
            {WIZARD_SECTIONS.map((name, index) => (
              <Chip
                key={name}
                label={`${index + 1}. ${name}${sectionErrors.has(index) ? ' (check)' : ''}`}
                onClick={() => onStep(index)}
                color={sectionErrors.has(index) ? 'error' : index === step ? 'primary' : 'default'}
                variant={index === step ? 'filled' : 'outlined'}
                aria-current={index === step ? 'step' : undefined}
                size="small"
                sx={{ flexShrink: 0 }}
              />
            ))}
          </Stack>
        </Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {WIZARD_SECTIONS[step]}
        </Typography>
        {sections[step]}
      </Box>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 0 }, height: { lg: 520 } }}>
        <CopilotPanel context={context} />
      </Box>
    </Box>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mb: 2 }}>{children}</Box>;
}

function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{children}</Box>;
}
