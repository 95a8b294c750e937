import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import FileDownloadOff from '@mui/icons-material/FileDownloadOff';
import Search from '@mui/icons-material/Search';
import { FIND_A_FORM_URL, type VaForm } from '@cc/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryErrorState } from '../common/QueryErrorState';
import { formatDate } from '../claims/format';
import { visuallyHidden } from '../common/a11y';
import { useToast } from '../toast/useToast';
import { EmptyState } from './EmptyState';
import { ExternalLink } from '../common/ExternalLink';
import { filterVaForms } from './format';
import { FORMS_MESSAGES } from './messages';
import { useVaForms } from './queries';
import { useErrorToast } from './useErrorToast';

function VaFormRow({ form }: { form: VaForm }) {
  const { toast } = useToast();
  const a = form.attributes;
  const superseded = a.status !== null && a.status !== 'current';
  return (
    <Box
      component="li"
      data-testid="va-form-row"
      data-form={a.form_name}
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={`VA Form ${a.form_name}`}
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 700 }}
          />
          {a.form_type ? <Chip size="small" variant="outlined" label={a.form_type} /> : null}
          {superseded ? <Chip size="small" variant="outlined" color="warning" label={`Status: ${a.status}`} /> : null}
        </Box>
        <Typography component="h3" variant="body1" sx={{ fontWeight: 700, mt: 0.75, overflowWrap: 'anywhere' }}>
          {a.title}
        </Typography>
        {a.purpose ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {a.purpose}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 0.75, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" data-testid="va-form-revision">
            {a.revision_date ? `Revised ${formatDate(a.revision_date)}` : 'Revision date: see VA.gov'}
            {a.pages ? ` · ${a.pages} ${a.pages === 1 ? 'page' : 'pages'}` : ''}
          </Typography>
          <ExternalLink href={a.form_details_url}>About this form on VA.gov</ExternalLink>
        </Box>
      </Box>
      {a.valid_pdf ? (
        <Button
          component="a"
          href={a.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          startIcon={<Download aria-hidden />}
          data-testid="va-form-download"
          sx={{ justifySelf: { xs: 'start', sm: 'end' } }}
        >
          Download
          <Box component="span" sx={visuallyHidden}>
            {` VA Form ${a.form_name} (opens in a new tab)`}
          </Box>
        </Button>
      ) : (
        // Still a button: pressing it says why there is nothing to download (spec doc 2 §8).
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FileDownloadOff aria-hidden />}
          data-testid="va-form-download-unavailable"
          onClick={() => toast({ ...FORMS_MESSAGES.downloadUnavailable, variant: 'destructive' })}
          sx={{ justifySelf: { xs: 'start', sm: 'end' } }}
        >
          No PDF
          <Box component="span" sx={visuallyHidden}>
            {` for VA Form ${a.form_name}`}
          </Box>
        </Button>
      )}
    </Box>
  );
}

/** The va-forms tab: official VA forms, searchable, each with its PDF where VA publishes one. */
export function VaFormsTab() {
  const query = useVaForms();
  // A link can name the form (`?form=21-10210`, the evidence map's lay statement next step).
  const [params] = useSearchParams();
  const [text, setText] = useState(() => (params.get('form') ?? '').slice(0, 200));
  useErrorToast(query.isError, FORMS_MESSAGES.errorLoadingVaForms);
  const forms = query.data?.data;
  const shown = forms ? filterVaForms(forms, text.trim()) : undefined;
  const meta = query.data?.meta;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        type="search"
        placeholder="Search by form number, title or purpose"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search VA forms', 'data-testid': 'va-forms-search', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {query.isError ? (
        <QueryErrorState what="the VA forms" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !shown ? (
        <Box role="status" aria-label="Loading VA forms" sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={110} />
          ))}
        </Box>
      ) : forms!.length === 0 ? (
        <EmptyState title={FORMS_MESSAGES.noVaForms} testId="va-forms-empty">
          The catalogue has no forms right now. <ExternalLink href={FIND_A_FORM_URL}>Find a VA form on VA.gov</ExternalLink>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title={FORMS_MESSAGES.noResults} testId="va-forms-no-results">
          No form matches “{text.trim()}”. Try a form number such as 21-526EZ, or{' '}
          <ExternalLink href={FIND_A_FORM_URL}>search every VA form on VA.gov</ExternalLink>
        </EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="va-forms-count">
            {shown.length === forms!.length
              ? `${forms!.length} forms used in disability claims and reviews`
              : `${shown.length} of ${forms!.length} forms`}
            {meta?.source === 'va-forms-api' && meta.refreshedAt ? ` · from the VA Forms API, ${formatDate(meta.refreshedAt)}` : ''}
          </Typography>
          <Box component="ul" aria-label="VA forms" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {shown.map((form) => (
              <VaFormRow key={form.id} form={form} />
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            Looking for another form? <ExternalLink href={FIND_A_FORM_URL}>Find a VA form on VA.gov</ExternalLink>
          </Typography>
        </>
      )}
    </Box>
  );
}
