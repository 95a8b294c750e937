import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import Close from '@mui/icons-material/Close';
import { useId, useState } from 'react';
import { visuallyHidden } from '../../common/a11y';
import { DESKTOP_QUERY } from '../../shell/breakpoints';
import { useClaim } from '../queries';
import { QueryErrorState } from '../../common/QueryErrorState';
import { ClaimDetailsTab } from './ClaimDetailsTab';
import { EvidenceTab } from '../../evidence/EvidenceTab';
import { ClaimHistoryTab } from './ClaimHistoryTab';
import { StrategyTab } from '../../strategy/StrategyTab';
import type { DialogTab } from './tabs';

interface ClaimDetailDialogProps {
  /** The claim to show; null closes the dialog. */
  claimId: string | null;
  onClose: () => void;
  /** The tab it opens on (a link to a claim's Evidence tab); Details by default. */
  initialTab?: DialogTab;
}

/** A claim's detail dialog: its status, details, documents and notes; its Evidence map; its Strategy (Pro); and a History tab. */
export function ClaimDetailDialog({ claimId, onClose, initialTab = 'details' }: ClaimDetailDialogProps) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, { noSsr: true });
  const titleId = useId();
  const tabsId = useId();
  // Keep showing the last claim while the dialog animates closed.
  const [shownId, setShownId] = useState(claimId);
  const [tab, setTab] = useState<DialogTab>('details');
  // Each opening, for another claim or on another tab, starts on the tab asked for.
  const [openedWith, setOpenedWith] = useState<{ claimId: string | null; initialTab: DialogTab } | null>(null);
  if (openedWith?.claimId !== claimId || openedWith.initialTab !== initialTab) {
    setOpenedWith({ claimId, initialTab });
    if (claimId !== null) {
      setShownId(claimId);
      setTab(initialTab);
    }
  }
  const id = claimId ?? shownId;
  const query = useClaim(id);
  const claim = query.data;

  return (
    <Dialog
      open={claimId !== null}
      onClose={onClose}
      fullScreen={!isDesktop}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      slotProps={{ paper: { 'data-testid': 'claim-detail-dialog' } as object }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', pr: 7 }}>
        {claim ? (
          <>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {claim.condition}
            </Box>
            <Chip
              component="span"
              size="small"
              label={claim.claimNumber}
              aria-label={`Claim number ${claim.claimNumber}`}
              data-testid="claim-number"
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 700 }}
            />
          </>
        ) : query.isError ? (
          'Claim'
        ) : (
          <>
            <Box component="span" sx={visuallyHidden}>
              Loading claim…
            </Box>
            <Skeleton width="40%" aria-hidden />
          </>
        )}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <Close aria-hidden />
      </IconButton>
      <Tabs
        value={tab}
        onChange={(_event, value: DialogTab) => setTab(value)}
        aria-label="Claim sections"
        // Four tabs are wider than a 360 px screen: they scroll rather than widen the dialog.
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ px: { xs: 1, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="details" label="Details" id={`${tabsId}-details-tab`} aria-controls={`${tabsId}-details`} />
        <Tab
          value="evidence"
          label="Evidence"
          id={`${tabsId}-evidence-tab`}
          aria-controls={`${tabsId}-evidence`}
          data-testid="claim-evidence-tab"
        />
        <Tab
          value="strategy"
          label="Strategy"
          id={`${tabsId}-strategy-tab`}
          aria-controls={`${tabsId}-strategy`}
          data-testid="claim-strategy-tab"
        />
        <Tab value="history" label="History" id={`${tabsId}-history-tab`} aria-controls={`${tabsId}-history`} />
      </Tabs>
      <DialogContent sx={{ px: { xs: 2, sm: 3 }, py: 2.5 }}>
        <Box role="tabpanel" id={`${tabsId}-${tab}`} aria-labelledby={`${tabsId}-${tab}-tab`}>
          {query.isError ? (
            <QueryErrorState what="this claim" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : !claim ? (
            <DetailSkeleton />
          ) : tab === 'details' ? (
            <ClaimDetailsTab claim={claim} />
          ) : tab === 'evidence' ? (
            <EvidenceTab claimId={claim.id} />
          ) : tab === 'strategy' ? (
            <StrategyTab claimId={claim.id} />
          ) : (
            <ClaimHistoryTab claimId={claim.id} />
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

function DetailSkeleton() {
  return (
    <Box role="status" aria-label="Loading claim" sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={80} />
    </Box>
  );
}
