import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { appearAfterAMoment } from './FullPageLoading';

/**
 * Shown under the button that opened a menu, popover or drawer while its code loads (see
 * lazyOverlay): a small spinner where the overlay will appear, announced as `label`.
 */
export function OverlayLoading({ anchor, label }: { anchor: HTMLElement | null; label: string }) {
  const box = anchor?.getBoundingClientRect();
  return (
    <Box
      role="status"
      aria-label={label}
      data-testid="overlay-loading"
      sx={{
        position: 'fixed',
        top: (box?.bottom ?? 0) + 8,
        left: Math.max(8, (box ? box.left + box.width / 2 : 8) - 14),
        zIndex: (theme) => theme.zIndex.modal,
        display: 'flex',
        p: 0.5,
        borderRadius: '50%',
        bgcolor: 'background.paper',
        boxShadow: 2,
        ...appearAfterAMoment,
      }}
    >
      <CircularProgress size={20} aria-hidden />
    </Box>
  );
}
