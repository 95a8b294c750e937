import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import { useId } from 'react';
import { visuallyHidden } from '../common/a11y';

export const CLAIM_LIMIT_TOOLTIP = "You've reached your claim limit. Please upgrade your plan.";

/**
 * New Claim, disabled at the plan's limit with the upgrade tooltip. A disabled button gets no
 * pointer or focus events, so the tooltip sits on a wrapping span (focusable, so keyboard users see
 * it too) and the button is described by the same text for screen readers.
 */
export function NewClaimButton({ atLimit, onClick }: { atLimit: boolean; onClick: () => void }) {
  const reasonId = useId();
  const button = (
    <Button
      variant="contained"
      startIcon={<Add aria-hidden />}
      onClick={onClick}
      disabled={atLimit}
      aria-describedby={atLimit ? reasonId : undefined}
      data-testid="new-claim-button"
    >
      New Claim
    </Button>
  );
  if (!atLimit) return button;
  return (
    <>
      <Tooltip title={CLAIM_LIMIT_TOOLTIP} describeChild>
        <Box component="span" tabIndex={0} data-testid="new-claim-limit" sx={{ display: 'inline-flex', borderRadius: 1 }}>
          {button}
        </Box>
      </Tooltip>
      <Box component="span" id={reasonId} sx={visuallyHidden}>
        Claim limit reached. Upgrade your plan to add more claims.
      </Box>
    </>
  );
}
