import { useCallback } from 'react';
import { useTheme } from 'react-admin';
import { toggledThemeMode, type ThemeMode } from './preference';

/** The theme in use and a toggle that saves the choice in `localStorage.theme` (through the app store). */
export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const [current, setTheme] = useTheme();
  const mode: ThemeMode = current === 'dark' ? 'dark' : 'light';
  const toggle = useCallback(() => setTheme(toggledThemeMode(mode)), [mode, setTheme]);
  return { mode, toggle };
}
