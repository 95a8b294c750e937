import { useCallback, useSyncExternalStore } from 'react';
import { toggledThemeMode, type ThemeMode } from './preference';
import { currentThemeMode, setThemeMode, subscribeThemeMode } from './themeModeStore';

/**
 * The theme in use and a toggle that saves the choice in `localStorage.theme`. Works on the public
 * pages (no react-admin) and in the signed-in app alike (react-admin's store follows the same
 * setting, see appStore.ts).
 */
export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const mode = useSyncExternalStore(subscribeThemeMode, currentThemeMode);
  const toggle = useCallback(() => setThemeMode(toggledThemeMode(mode)), [mode]);
  return { mode, toggle };
}
