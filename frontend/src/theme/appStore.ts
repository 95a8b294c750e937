import { localStorageStore, type Store } from 'react-admin';
import { THEME_STORAGE_KEY, applyThemeClass, isThemeMode, readStoredThemeMode, writeStoredThemeMode } from './preference';

/** react-admin keeps the light/dark choice in its store under this key (see its `useTheme`). */
const RA_THEME_KEY = 'theme';

type Listener = (value: unknown) => void;

/**
 * react-admin's localStorage store, except that its `theme` entry is `localStorage.theme` itself
 * (raw "light"/"dark", the spec's storage key), so react-admin's `useTheme`/`ToggleThemeButton` and
 * the rest of the app share one source of truth. `reset()` (run by react-admin on logout) keeps the
 * theme: it is a device preference, not session state.
 */
export function createAppStore(): Store {
  const base = localStorageStore('1', 'ClaimsCopilot');
  const themeListeners = new Map<string, Listener>();
  let nextId = 0;

  const publishTheme = (value: unknown) => {
    themeListeners.forEach((listener) => listener(value));
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) publishTheme(isThemeMode(event.newValue) ? event.newValue : undefined);
  };

  return {
    ...base,
    setup() {
      base.setup();
      window.addEventListener('storage', onStorage);
    },
    teardown() {
      base.teardown();
      window.removeEventListener('storage', onStorage);
    },
    getItem<T = unknown>(key: string, defaultValue?: T): T | undefined {
      if (key !== RA_THEME_KEY) return base.getItem<T>(key, defaultValue);
      const stored = readStoredThemeMode();
      return stored === undefined ? defaultValue : (stored as T);
    },
    setItem<T = unknown>(key: string, value: T): void {
      if (key !== RA_THEME_KEY) return base.setItem<T>(key, value);
      const mode = isThemeMode(value) ? value : undefined;
      writeStoredThemeMode(mode);
      // Apply the class at once (ThemeClassSync would do it a render later), so code that reads
      // it right after a toggle sees the new theme.
      if (mode) applyThemeClass(mode);
      publishTheme(mode);
    },
    removeItem(key: string): void {
      if (key !== RA_THEME_KEY) return base.removeItem(key);
      writeStoredThemeMode(undefined);
      publishTheme(undefined);
    },
    subscribe(key: string, callback: Listener) {
      if (key !== RA_THEME_KEY) return base.subscribe(key, callback);
      const id = String(nextId++);
      themeListeners.set(id, callback);
      return () => {
        themeListeners.delete(id);
      };
    },
  };
}
