import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { progressTone, type ProgressTone } from './format';

/** Bar colours: green ≥ 80, yellow ≥ 50, else blue (doc 1 §9), each readable in both themes. */
const TONES: Record<ProgressTone, { light: string; dark: string }> = {
  green: { light: '#1b7a3a', dark: '#6fd68f' },
  yellow: { light: '#c99a06', dark: '#facc15' },
  blue: { light: '#2563eb', dark: '#60a5fa' },
};

/** The claim's progress bar with the percent written next to it (colour is never the only signal). */
export function ClaimProgress({ value, label = 'Progress' }: { value: number; label?: string }) {
  const theme = useTheme();
  const tone = progressTone(value);
  const color = TONES[tone][theme.palette.mode];
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} data-testid="claim-progress" data-tone={tone}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, value))}
        aria-label={label}
        sx={{
          flex: 1,
          minWidth: 48,
          height: 8,
          borderRadius: 4,
          bgcolor: 'action.hover',
          '& .MuiLinearProgress-bar': { bgcolor: color, borderRadius: 4 },
        }}
      />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, minWidth: '4ch', textAlign: 'right' }}>
        {value}%
      </Typography>
    </Box>
  );
}
