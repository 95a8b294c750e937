import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import type SvgIcon from '@mui/material/SvgIcon';

/** A state's icon and its text colour in each theme (at least 4.5:1 on that theme's paper). */
export interface ChipTone {
  icon: typeof SvgIcon;
  light: string;
  dark: string;
}

/**
 * A state as an outlined chip with its own icon and word, so colour is never the only signal (the
 * document status, the analysis findings, the evidence states). `data` goes onto the chip for tests.
 */
export function ToneChip({
  tone,
  label,
  wrap = false,
  data,
}: {
  tone: ChipTone;
  label: string;
  wrap?: boolean;
  data: Record<`data-${string}`, string>;
}) {
  const theme = useTheme();
  const Icon = tone.icon;
  const color = tone[theme.palette.mode];
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={label}
      {...data}
      sx={{
        fontWeight: 700,
        color,
        borderColor: color,
        '& .MuiChip-icon': { color },
        ...(wrap ? { maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } : {}),
      }}
    />
  );
}
