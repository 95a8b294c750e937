import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { LazyTooltip } from '../common/LazyTooltip';
import { useThemeMode } from './useThemeMode';

/** Light/dark switch. Accessible name "Toggle theme"; `aria-pressed` tells whether dark mode is on. */
export function ThemeToggleButton(props: Omit<IconButtonProps, 'onClick' | 'aria-label'>) {
  const { mode, toggle } = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <LazyTooltip title={`Switch to ${next} mode`}>
      <IconButton
        color="inherit"
        {...props}
        onClick={toggle}
        aria-label="Toggle theme"
        aria-pressed={mode === 'dark'}
        data-theme-mode={mode}
      >
        {mode === 'dark' ? <LightModeOutlined aria-hidden /> : <DarkModeOutlined aria-hidden />}
      </IconButton>
    </LazyTooltip>
  );
}
