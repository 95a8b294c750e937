import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { ThemeMode } from '../theme/preference';
import { darkTheme, lightTheme } from '../theme/themes';
import { useThemeMode } from '../theme/useThemeMode';

const themes: Partial<Record<ThemeMode, Theme>> = {};

/** The same MUI theme react-admin builds from themes.ts (its ThemeProvider is a plain `createTheme`). */
function muiTheme(mode: ThemeMode): Theme {
  return (themes[mode] ??= createTheme(mode === 'dark' ? darkTheme : lightTheme));
}

/** The app's light or dark theme for pages shown without react-admin; follows the theme toggle. */
export function PublicTheme({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  return (
    <ThemeProvider theme={muiTheme(mode)}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
