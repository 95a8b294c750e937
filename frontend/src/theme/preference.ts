/**
 * The light/dark preference (spec doc 1 §4 "Theme"). `localStorage.theme` ("light" or "dark") is the
 * source of truth; without a stored choice the system colour preference decides. Only toggling
 * saves a choice, so a visitor who never toggles keeps following the system setting.
 */
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DARK_CLASS = 'dark';
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark';
}

/** Pure rule: a valid stored choice wins, otherwise the system preference. */
export function resolveThemeMode(stored: string | null | undefined, systemPrefersDark: boolean): ThemeMode {
  if (isThemeMode(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

export function toggledThemeMode(mode: ThemeMode): ThemeMode {
  return mode === 'dark' ? 'light' : 'dark';
}

/** The stored choice, or undefined when there is none (or storage is unavailable, e.g. blocked cookies). */
export function readStoredThemeMode(): ThemeMode | undefined {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredThemeMode(mode: ThemeMode | undefined): void {
  try {
    if (mode) window.localStorage.setItem(THEME_STORAGE_KEY, mode);
    else window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_DARK_QUERY).matches;
}

export function initialThemeMode(): ThemeMode {
  return resolveThemeMode(readStoredThemeMode(), systemPrefersDark());
}

/** Adds or removes the `dark` class on <html> and tells the browser which colour scheme is in use. */
export function applyThemeClass(mode: ThemeMode): void {
  const root = document.documentElement;
  root.classList.toggle(DARK_CLASS, mode === 'dark');
  root.style.colorScheme = mode;
}
