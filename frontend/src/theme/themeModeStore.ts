import {
  PREFERS_DARK_QUERY,
  THEME_STORAGE_KEY,
  applyThemeClass,
  initialThemeMode,
  writeStoredThemeMode,
  type ThemeMode,
} from './preference';

/**
 * The light/dark mode in use, shared by every React tree on the page: the public pages' own theme
 * provider and react-admin's store (appStore.ts) both read and subscribe here, so a toggle on the
 * sign-in page and one in the shell change the same setting. Listeners hear a toggle on this page,
 * a toggle in another tab (the storage event) and a change of the system preference.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function publish(): void {
  listeners.forEach((listener) => listener());
}

export const currentThemeMode: () => ThemeMode = initialThemeMode;

/** Saves the choice (undefined: follow the system again) and applies it at once. */
export function setThemeMode(mode: ThemeMode | undefined): void {
  writeStoredThemeMode(mode);
  // Apply the class at once (a render later would be too late for code that reads it right after a toggle).
  applyThemeClass(mode ?? initialThemeMode());
  publish();
}

export function subscribeThemeMode(listener: Listener): () => void {
  if (listeners.size === 0) startWatching();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stopWatching();
  };
}

const onStorage = (event: StorageEvent) => {
  if (event.key === THEME_STORAGE_KEY) publish();
};
let systemQuery: MediaQueryList | undefined;

function startWatching(): void {
  window.addEventListener('storage', onStorage);
  if (typeof window.matchMedia === 'function') {
    systemQuery = window.matchMedia(PREFERS_DARK_QUERY);
    systemQuery.addEventListener('change', publish);
  }
}

function stopWatching(): void {
  window.removeEventListener('storage', onStorage);
  systemQuery?.removeEventListener('change', publish);
  systemQuery = undefined;
}
