import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LastPage from '@mui/icons-material/LastPage';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { StaffClaimDetail, StaffHistoryEntry } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { visuallyHidden } from '../../common/a11y';
import type { ConsoleDataProvider } from '../consoleDataProvider';
import { actorRoleLabel, changeParts, changeText } from '../format';
import { ClaimStateCard } from './ClaimStateCard';

function ChangeList({ entry }: { entry: StaffHistoryEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
      {entry.changes.map((change, index) => {
        const { field, from, to } = changeParts(change);
        return (
          <Typography
            component="li"
            variant="body2"
            key={`${change.field}-${index}`}
            aria-label={changeText(change)}
            data-testid="history-change"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {field}:
            </Box>
            <Box
              component="span"
              sx={{ textDecoration: from === '—' ? 'none' : 'line-through', color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {from}
            </Box>
            <ArrowForward aria-hidden fontSize="inherit" />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {to}
            </Box>
          </Typography>
        );
      })}
    </Box>
  );
}

function Entry({ entry, selected, onSelect }: { entry: StaffHistoryEntry; selected: boolean; onSelect: () => void }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ButtonBase
        onClick={onSelect}
        aria-current={selected ? 'step' : undefined}
        aria-label={`Version ${entry.version}: ${entry.summary}, by ${entry.actor.name}, ${formatDateTime(entry.occurredAt)}. Show the claim at this version.`}
        data-testid="history-entry"
        data-version={entry.version}
        sx={{
          width: '100%',
          textAlign: 'left',
          display: 'block',
          p: 1.5,
          borderRadius: 2,
          border: 1,
          borderColor: selected ? 'primary.main' : 'divider',
          borderLeftWidth: selected ? 6 : 1,
          bgcolor: selected ? 'action.selected' : 'transparent',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={`v${entry.version}`}
            variant={selected ? 'filled' : 'outlined'}
            color={selected ? 'primary' : 'default'}
          />
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {entry.type} · {entry.actor.name} ({actorRoleLabel(entry.actor.role)}) ·{' '}
          <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
        </Typography>
        <ChangeList entry={entry} />
      </ButtonBase>
    </Box>
  );
}

/**
 * The claim's history (every event of the claim and of its documents, oldest first) beside a
 * time-travel control: pick a version with the slider, the arrows or an entry, and see the claim
 * as it was right after it, folded from the events by the server.
 */
export function ClaimHistoryPanel() {
  const record = useRecordContext<StaffClaimDetail>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const claimId = record?.id;
  const history = useQuery({
    queryKey: ['console', 'claim-history', claimId],
    queryFn: () => dataProvider.claimHistory(claimId!),
    enabled: !!claimId,
  });
  const entries = history.data ?? [];
  const latest = entries.length;
  /** The version on the slider while it moves; the one shown once it settles. */
  const [sliding, setSliding] = useState<number | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  if (latest > 0 && version === null) setVersion(latest);
  const shown = version ?? latest;
  const state = useQuery({
    queryKey: ['console', 'claim-at', claimId, shown],
    queryFn: () => dataProvider.claimAtVersion(claimId!, shown),
    enabled: !!claimId && shown > 0,
  });

  if (history.isError)
    return (
      <Alert severity="error">The claim's history could not be loaded. {history.error instanceof Error ? history.error.message : ''}</Alert>
    );
  if (!history.data) {
    return (
      <Box role="status" aria-label="Loading the claim's history" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={64} />
        ))}
      </Box>
    );
  }
  if (latest === 0) return <Typography color="text.secondary">No history recorded for this claim.</Typography>;
  const selected = entries[shown - 1]!;
  const go = (next: number) => {
    const bounded = Math.min(latest, Math.max(1, next));
    setSliding(null);
    setVersion(bounded);
  };
  const sliderValue = sliding ?? shown;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2, position: { md: 'sticky' }, top: { md: 16 } }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="time-travel-heading">
          <Typography id="time-travel-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Time travel
          </Typography>
          <Typography variant="body2" color="text.secondary" id="time-travel-value" data-testid="time-travel-label">
            Version {sliderValue} of {latest} · {formatDateTime(entries[sliderValue - 1]?.occurredAt)}
          </Typography>
          <Slider
            value={sliderValue}
            min={1}
            max={latest}
            step={1}
            marks={latest <= 40}
            onChange={(_event, value) => setSliding(value as number)}
            onChangeCommitted={(_event, value) => go(value as number)}
            getAriaValueText={(value) => `Version ${value} of ${latest}`}
            aria-labelledby="time-travel-heading"
            aria-describedby="time-travel-value"
            data-testid="time-travel-slider"
            sx={{ mt: 1 }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ChevronLeft aria-hidden />}
              onClick={() => go(shown - 1)}
              disabled={shown <= 1}
            >
              Previous
            </Button>
            <Button
              size="small"
              variant="outlined"
              endIcon={<ChevronRight aria-hidden />}
              onClick={() => go(shown + 1)}
              disabled={shown >= latest}
            >
              Next
            </Button>
            <Button size="small" endIcon={<LastPage aria-hidden />} onClick={() => go(latest)} disabled={shown >= latest}>
              Latest
            </Button>
          </Box>
        </Paper>
        {state.isError ? (
          <Alert severity="error">The claim at version {shown} could not be loaded.</Alert>
        ) : state.data ? (
          <ClaimStateCard claim={state.data} heading={`The claim right after version ${shown}${shown === latest ? ' (now)' : ''}`} />
        ) : (
          <Skeleton variant="rounded" height={280} aria-label="Loading the claim at this version" />
        )}
        <Box role="status" aria-live="polite" sx={visuallyHidden}>
          {state.data ? `Showing the claim at version ${shown}: ${selected.summary}` : ''}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="timeline-heading">
        <Typography id="timeline-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          Every event, oldest first ({latest})
        </Typography>
        <Box component="ol" data-testid="staff-claim-history" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {entries.map((entry) => (
            <Entry key={entry.eventId} entry={entry} selected={entry.version === shown} onSelect={() => go(entry.version)} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
