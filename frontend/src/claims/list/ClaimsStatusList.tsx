import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { Claim } from '@cc/contracts';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useReadiness } from '../../evidence/queries';
import { isDialogTab, type DialogTab } from '../detail/tabs';
import { DESKTOP_QUERY } from '../../shell/breakpoints';
import { DialogLoading } from '../../common/DialogLoading';
import { lazyComponent } from '../../common/lazyComponent';
import { ClaimCards } from './ClaimCards';
import { ClaimsEmptyState } from './ClaimsEmptyState';
import { ClaimsTable } from './ClaimsTable';

/** The dashboard shows this many claims unless showAll (doc 1 §9). */
export const CLAIMS_BLOCK_SIZE = 3;

interface ClaimsStatusListProps {
  claims: readonly Claim[];
  /** All claims ("All Claims Status"), or the first three with a View All button when there are more. */
  showAll?: boolean;
  /** How many claims there are in all, when `claims` is only the most recent ones. */
  totalCount?: number;
  /** The empty state's Add Your First Claim button: opens the New Claim dialog, or links to /claims. */
  onAddClaim?: () => void;
  addClaimDisabled?: boolean;
  /** The claims page: `?claim=<id>&tab=evidence` opens that claim's dialog on that tab (the dashboard card links there). */
  openFromAddress?: boolean;
}

// The detail dialog (tabs, notes, rating and deadline editors) is fetched the first time a claim opens.
const ClaimDetailDialog = lazyComponent(() => import('../detail/ClaimDetailDialog'), 'ClaimDetailDialog', <DialogLoading />);

/** The claims status list: a table from 768 px, cards below; a claim opens its detail dialog. */
export function ClaimsStatusList({
  claims,
  showAll = false,
  totalCount,
  onAddClaim,
  addClaimDisabled,
  openFromAddress = false,
}: ClaimsStatusListProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const headingId = useId();
  const [openClaimId, setOpenClaimId] = useState<string | null>(null);
  const [initialTab, setInitialTab] = useState<DialogTab>('details');
  // Mounted from the first opening on, so that it can animate closed.
  const [dialogWanted, setDialogWanted] = useState(false);
  const readiness = useReadiness(claims.length > 0);
  const readinessById = useMemo(() => new Map((readiness.data ?? []).map((row) => [row.id, row])), [readiness.data]);
  const [params, setParams] = useSearchParams();
  const addressedClaim = openFromAddress ? params.get('claim') : null;
  const addressedTab = params.get('tab');
  // An address naming a claim (and a tab) opens it.
  const [address, setAddress] = useState<{ claim: string | null; tab: string | null }>({ claim: null, tab: null });
  if (address.claim !== addressedClaim || address.tab !== addressedTab) {
    setAddress({ claim: addressedClaim, tab: addressedTab });
    if (addressedClaim) {
      setInitialTab(isDialogTab(addressedTab) ? addressedTab : 'details');
      setDialogWanted(true);
      setOpenClaimId(addressedClaim);
    }
  }
  const close = () => {
    setOpenClaimId(null);
    if (addressedClaim) {
      const next = new URLSearchParams(params);
      next.delete('claim');
      next.delete('tab');
      setParams(next, { replace: true });
    }
  };
  const title = showAll ? 'All Claims Status' : 'Active Claims Status';
  const shown = showAll ? claims : claims.slice(0, CLAIMS_BLOCK_SIZE);
  const hasMore = !showAll && Math.max(claims.length, totalCount ?? 0) > CLAIMS_BLOCK_SIZE;
  const open = (claim: Claim) => {
    setInitialTab('details');
    setDialogWanted(true);
    setOpenClaimId(claim.id);
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid="claims-status-list" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
        {hasMore ? (
          <Button component={RouterLink} to="/claims" endIcon={<ArrowForward aria-hidden />} aria-label="View all claims">
            View All
          </Button>
        ) : null}
      </Box>
      {claims.length === 0 ? (
        <ClaimsEmptyState onAddClaim={onAddClaim} addDisabled={addClaimDisabled} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Select a claim to see its status, details, notes and history.
          </Typography>
          {isDesktop ? (
            <ClaimsTable claims={shown} readiness={readinessById} onOpen={open} labelledBy={headingId} />
          ) : (
            <ClaimCards claims={shown} readiness={readinessById} onOpen={open} />
          )}
        </>
      )}
      {dialogWanted ? <ClaimDetailDialog claimId={openClaimId} initialTab={initialTab} onClose={close} /> : null}
    </Paper>
  );
}
