import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';

// Fading in after a moment keeps a fast chunk load from flashing a spinner.
const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** Shown inside the shell while a page's code loads (its chunk is fetched on first visit). */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="page-loading"
      sx={{
        minHeight: '40vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        opacity: 0,
        animation: `${appear} 200ms ease-in 150ms forwards`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '1ms' },
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
