import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** Fading in after a moment keeps a fast check or chunk load from flashing a spinner. */
export const appearAfterAMoment = {
  opacity: 0,
  animation: `${appear} 200ms ease-in 150ms forwards`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '1ms' },
} as const;

/**
 * Shown while the sign-in check runs on a signed-in route. `quiet`: shown only if the wait lasts
 * beyond 150 ms (the first check at /, and the app's code loading).
 */
export function FullPageLoading({ label = 'Loading…', quiet = false }: { label?: string; quiet?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        ...(quiet && appearAfterAMoment),
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
