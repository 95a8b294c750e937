import Box from '@mui/material/Box';

/** Green dot plus the word "Live" (colour is never the only signal). */
export function LiveIndicator() {
  return (
    <Box
      component="span"
      data-testid="live-indicator"
      sx={(theme) => ({
        ml: 'auto',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.75,
        py: 0.25,
        borderRadius: 11,
        border: 1,
        borderColor: 'currentColor',
        fontSize: '0.7rem',
        fontWeight: 700,
        letterSpacing: '0.02em',
        lineHeight: 1.4,
        color: theme.palette.mode === 'dark' ? theme.palette.success.main : theme.palette.success.dark,
      })}
    >
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main' }} />
      Live
    </Box>
  );
}
