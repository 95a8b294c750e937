/// <reference types="jest" />
import { isThemeMode, resolveThemeMode, toggledThemeMode } from './preference';

describe('theme preference', () => {
  it('uses a stored choice over the system preference', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
  });

  it('falls back to the system preference without a valid stored choice', () => {
    expect(resolveThemeMode(null, true)).toBe('dark');
    expect(resolveThemeMode(undefined, false)).toBe('light');
    expect(resolveThemeMode('"dark"', false)).toBe('light');
    expect(resolveThemeMode('DARK', true)).toBe('dark');
    expect(resolveThemeMode('', false)).toBe('light');
  });

  it('toggles between the two modes', () => {
    expect(toggledThemeMode('light')).toBe('dark');
    expect(toggledThemeMode('dark')).toBe('light');
  });

  it('recognises only light and dark', () => {
    expect(isThemeMode('light')).toBe(true);
    expect(isThemeMode('dark')).toBe(true);
    expect(isThemeMode('system')).toBe(false);
    expect(isThemeMode(null)).toBe(false);
  });
});
