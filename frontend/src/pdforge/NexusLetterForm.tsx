import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import TipsAndUpdatesOutlinedIcon from '@mui/icons-material/TipsAndUpdatesOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NEXUS_CONNECTION_LABELS,
  NEXUS_CONNECTION_TYPES,
  NEXUS_OPINION_STANDARDS,
  checkNexusLetter,
  nexusLetterFormSchema,
} from '@cc/contracts';
import type { ReactNode } from 'react';
import { FieldInput } from './FieldInput';
import type { NexusDraft, NexusTextField } from './model';
import { zodFieldErrors, type FieldErrors } from './useGeneratePdf';

export function validateNexusLetter(draft: NexusDraft): FieldErrors | null {
  const parsed = nexusLetterFormSchema.safeParse({ ...draft, records_reviewed: draft.records_reviewed.filter((r) => r.trim()) });
  return parsed.success ? null : zodFieldErrors(parsed.error);
}

/**
 * The Nexus Letter template: the physician's opinion in the VA's standard language with its
 * rationale, records reviewed, credentials and signature; and, before generating, what would
 * weaken it (DOMAIN §3.3), from the same check the server uses.
 */
export function NexusLetterForm({
  draft,
  onChange,
  errors,
}: {
  draft: NexusDraft;
  onChange: (next: NexusDraft) => void;
  errors: FieldErrors;
}) {
  const set = (field: NexusTextField) => (value: string) => onChange({ ...draft, [field]: value });
  const context = () => ({ ...draft }) as Record<string, unknown>;
  const text = (field: NexusTextField, label: string, extra: Partial<Parameters<typeof FieldInput>[0]> = {}) => (
    <FieldInput name={field} label={label} value={draft[field]} onChange={set(field)} error={errors[field]} {...extra} />
  );
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Part title="Veteran">
          {text('veteran_full_name', 'Veteran full name', { required: true })}
          {text('va_file_number', 'VA file number', { required: true })}
          {text('ssn_last4', 'SSN last 4', { required: true, inputProps: { maxLength: 4, inputMode: 'numeric' } })}
          {text('date_of_birth', 'Date of birth', { type: 'date' })}
        </Part>
        <Part title="Condition and theory">
          {text('condition', 'Claimed condition', { required: true })}
          {text('diagnosis_code', 'Diagnosis (ICD-10 / DSM-5 code)', { assist: { context } })}
          {text('connection_type', 'Theory of service connection', {
            options: NEXUS_CONNECTION_TYPES,
            optionLabel: (v) => NEXUS_CONNECTION_LABELS[v as keyof typeof NEXUS_CONNECTION_LABELS],
          })}
          {draft.connection_type === 'direct'
            ? text('in_service_event', 'In-service event, injury or disease', { multiline: true, assist: { context } })
            : text('primary_condition', 'Service-connected primary condition')}
          {draft.connection_type === 'aggravation' &&
            text('baseline_severity', 'Baseline severity before aggravation', { multiline: true })}
          <Wide>
            {text('factual_history', 'Factual history (onset, continuity of symptoms, treatment)', {
              multiline: true,
              assist: { context },
            })}
          </Wide>
        </Part>
        <Part title="Opinion">
          <Wide>{text('opinion_standard', 'Opinion standard', { options: NEXUS_OPINION_STANDARDS, required: true })}</Wide>
          <Wide>{text('opinion_text', 'Opinion (in your words)', { multiline: true })}</Wide>
          <Wide>
            {text('rationale', 'Rationale (the medical mechanism applied to this veteran)', { multiline: true, assist: { context } })}
          </Wide>
          <Wide>{text('medical_literature', 'Medical literature', { multiline: true })}</Wide>
          <Wide>{text('contrary_evidence', 'Contrary evidence addressed', { multiline: true })}</Wide>
        </Part>
        <Box component="section" aria-label="Records reviewed">
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Records reviewed ({draft.records_reviewed.length})
            </Typography>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onChange({ ...draft, records_reviewed: [...draft.records_reviewed, ''] })}
            >
              Add record
            </Button>
          </Stack>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {draft.records_reviewed.map((r, i) => (
              <Stack key={i} direction="row" spacing={1} alignItems="center">
                <TextField
                  size="small"
                  fullWidth
                  label={`Record ${i + 1}`}
                  value={r}
                  onChange={(e) =>
                    onChange({ ...draft, records_reviewed: draft.records_reviewed.map((x, j) => (j === i ? e.target.value : x)) })
                  }
                />
                <IconButton
                  aria-label={`Remove record ${i + 1}`}
                  onClick={() => onChange({ ...draft, records_reviewed: draft.records_reviewed.filter((_, j) => j !== i) })}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Part title="Provider and signature">
          {text('provider_name', 'Provider name', { required: true })}
          {text('credentials', 'Credentials (MD, DO, PhD, …)', { required: true })}
          {text('specialty', 'Specialty and experience')}
          {text('license', 'License')}
          {text('contact', 'Contact information')}
          {text('opinion_date', 'Date signed', { type: 'date' })}
        </Part>
      </Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 0 } }}>
        <NexusLetterCheck draft={draft} />
      </Box>
    </Box>
  );
}

export const nexusWeaknesses = (draft: NexusDraft) =>
  checkNexusLetter({ ...draft, connection_type: draft.connection_type as never, opinion_standard: draft.opinion_standard as never });

/** What would weaken the letter (DOMAIN §3.3), serious first; the same check the PDF's own list uses. */
export function NexusLetterCheck({ draft }: { draft: NexusDraft }) {
  const weaknesses = nexusWeaknesses(draft);
  const serious = weaknesses.filter((w) => w.severity === 'serious');
  const advice = weaknesses.filter((w) => w.severity === 'advice');
  return (
    <Box component="section" aria-label="Letter check" data-testid="nexus-check">
      {weaknesses.length === 0 ? (
        <Alert severity="success">
          <AlertTitle>Nothing found that would weaken this letter</AlertTitle>
          It states the opinion in the VA standard, with a rationale, the records reviewed and the provider’s credentials.
        </Alert>
      ) : (
        <Alert severity={serious.length > 0 ? 'warning' : 'info'}>
          <AlertTitle>
            {serious.length > 0
              ? `${serious.length} thing${serious.length === 1 ? '' : 's'} would weaken this letter`
              : 'Ways to make it stronger'}
          </AlertTitle>
          <List dense disablePadding>
            {[...serious, ...advice].map((w) => (
              <ListItem key={w.code} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {w.severity === 'serious' ? (
                    <ReportProblemOutlinedIcon fontSize="small" color="warning" />
                  ) : (
                    <TipsAndUpdatesOutlinedIcon fontSize="small" color="info" />
                  )}
                </ListItemIcon>
                <ListItemText primary={`${w.severity === 'serious' ? 'Weakens it: ' : 'Suggestion: '}${w.message}`} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>
    </Box>
  );
}

function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{children}</Box>;
}
