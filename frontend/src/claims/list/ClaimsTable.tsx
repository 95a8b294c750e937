import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Claim, ClaimReadiness } from '@cc/contracts';
import { ReadinessMeter } from '../../evidence/ReadinessMeter';
import type { KeyboardEvent } from 'react';
import { ClaimProgress } from '../ClaimProgress';
import { ClaimStatusChip } from '../ClaimStatusChip';
import { conditionTypeLabel } from '../format';
import { ApprovedRating, daysPendingText, TruncatedNextAction } from './claimCells';

interface ClaimsTableProps {
  claims: readonly Claim[];
  /** The id of the list's heading, which names the table. */
  labelledBy: string;
  /** Evidence readiness by claim id (absent while it loads). */
  readiness: ReadonlyMap<string, ClaimReadiness>;
  onOpen: (claim: Claim) => void;
}

/** From 768 px: one row per claim; a click, Enter or Space on a row opens the claim. */
export function ClaimsTable({ claims, labelledBy, readiness, onOpen }: ClaimsTableProps) {
  const onKeyDown = (event: KeyboardEvent, claim: Claim) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(claim);
    }
  };
  return (
    <TableContainer>
      <Table size="medium" aria-labelledby={labelledBy} data-testid="claims-table">
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 700 } }}>
            <TableCell>Claim ID</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Condition</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ minWidth: 140 }}>Progress</TableCell>
            <TableCell sx={{ minWidth: 170 }}>Evidence readiness</TableCell>
            <TableCell>Next Action</TableCell>
            <TableCell>Days Pending</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {claims.map((claim) => (
            <TableRow
              key={claim.id}
              hover
              tabIndex={0}
              data-testid="claim-row"
              data-claim-id={claim.id}
              onClick={() => onOpen(claim)}
              onKeyDown={(event) => onKeyDown(event, claim)}
              sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
            >
              <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>
                {claim.claimNumber}
              </TableCell>
              <TableCell>
                <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {claim.condition}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary">
                  {conditionTypeLabel(claim.conditionType)}
                </Typography>
              </TableCell>
              <TableCell>
                <ClaimStatusChip status={claim.status} />
                <ApprovedRating claim={claim} />
              </TableCell>
              <TableCell>
                <ClaimProgress value={claim.progressPercentage} label={`Progress of ${claim.condition}`} />
              </TableCell>
              <TableCell>{readiness.has(claim.id) ? <ReadinessMeter row={readiness.get(claim.id)!} compact /> : null}</TableCell>
              <TableCell>
                <TruncatedNextAction nextAction={claim.nextAction} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="claim-days-pending">
                {claim.isApproved ? <span title="Completed">-</span> : daysPendingText(claim)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
