import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { StaffClaimDetail } from '@cc/contracts';
import { formatDateTime } from '../../claims/format';
import { EvidenceMapView } from '../../evidence/EvidenceMapView';
import type { ConsoleDataProvider } from '../consoleDataProvider';

/**
 * The claim's evidence map as its owner sees it, read-only (no links into the veteran's app), now
 * or right after any version of its history (GET /api/staff/claims/{id}/evidence?at=).
 */
export function ClaimEvidencePanel() {
  const record = useRecordContext<StaffClaimDetail>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const claimId = record?.id;
  const [version, setVersion] = useState<number | null>(null);
  const history = useQuery({
    queryKey: ['console', 'claim-history', claimId],
    queryFn: () => dataProvider.claimHistory(claimId!),
    enabled: !!claimId,
  });
  const map = useQuery({
    queryKey: ['console', 'claim-evidence', claimId, version],
    queryFn: () => dataProvider.claimEvidence(claimId!, version ?? undefined),
    enabled: !!claimId,
    staleTime: 0,
  });
  const entries = history.data ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }} data-testid="staff-claim-evidence">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id="staff-evidence-version"
          label="Show the map"
          value={version === null ? '' : String(version)}
          onChange={(event) => setVersion(event.target.value === '' ? null : Number(event.target.value))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'staff-evidence-version' } }}
          sx={{ minWidth: 260 }}
        >
          <option value="">Now</option>
          {entries.map((entry) => (
            <option key={entry.eventId} value={entry.version}>
              {`After version ${entry.version}: ${entry.summary}`}
            </option>
          ))}
        </TextField>
        {map.data ? (
          <Typography variant="body2" color="text.secondary">
            As of <time dateTime={map.data.updatedAt}>{formatDateTime(map.data.updatedAt)}</time>
          </Typography>
        ) : null}
      </Box>
      {map.isError ? (
        <Alert severity="error">The evidence map could not be loaded. {map.error instanceof Error ? map.error.message : ''}</Alert>
      ) : map.data ? (
        <EvidenceMapView map={map.data} readOnly />
      ) : (
        <Skeleton variant="rounded" height={320} aria-label="Loading the evidence map" />
      )}
    </Box>
  );
}
