import { localStorageStore, type Store } from 'react-admin';
import { isThemeMode, readStoredThemeMode } from './preference';
import { setThemeMode, subscribeThemeMode } from './themeModeStore';

/** react-admin keeps the light/dark choice in its store under this key (see its `useTheme`). */
const RA_THEME_KEY = 'theme';

/**
 * react-admin's localStorage store, except that its `theme` entry is `localStorage.theme` itself
 * (raw "light"/"dark", the spec's storage key) kept by themeModeStore.ts, so react-admin's
 * `useTheme`, the public pages and the rest of the app share one source of truth. `reset()` (run by
 * react-admin on logout) keeps the theme: it is a device preference, not session state.
 */
export function createAppStore(): Store {
  const base = localStorageStore('1', 'ClaimsCopilot');
  return {
    ...base,
    getItem<T = unknown>(key: string, defaultValue?: T): T | undefined {
      if (key !== RA_THEME_KEY) return base.getItem<T>(key, defaultValue);
      const stored = readStoredThemeMode();
      return stored === undefined ? defaultValue : (stored as T);
    },
    setItem<T = unknown>(key: string, value: T): void {
      if (key !== RA_THEME_KEY) return base.setItem<T>(key, value);
      setThemeMode(isThemeMode(value) ? value : undefined);
    },
    removeItem(key: string): void {
      if (key !== RA_THEME_KEY) return base.removeItem(key);
      setThemeMode(undefined);
    },
    subscribe(key: string, callback: (value: unknown) => void) {
      if (key !== RA_THEME_KEY) return base.subscribe(key, callback);
      return subscribeThemeMode(() => callback(readStoredThemeMode()));
    },
  };
}
