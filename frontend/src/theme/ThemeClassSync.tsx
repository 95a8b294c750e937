import { useEffect } from 'react';
import { useTheme } from 'react-admin';
import { applyThemeClass } from './preference';

/** Keeps the `dark` class on <html> in step with the theme in use (stored choice or system preference). */
export function ThemeClassSync() {
  const [mode] = useTheme();
  useEffect(() => {
    applyThemeClass(mode === 'dark' ? 'dark' : 'light');
  }, [mode]);
  return null;
}
