import type { RaThemeOptions } from 'react-admin';

/**
 * Calm navy-and-red palette. Every text/background pair used by the shell is at least WCAG AA
 * (4.5:1): e.g. navy #1d3557 on white ≈ 12:1, #b3202f on white ≈ 6.5:1, light text #e7edf5 on
 * #0e1726 ≈ 15:1, #9cc3ff on #0e1726 ≈ 9:1.
 */
const fontFamily = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(',');

const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 256, closedWidth: 56 },
};

/**
 * A visible focus ring on every interactive element (MUI only shows a faint ripple by default and
 * sets `outline: 0` on its buttons, hence the `html` prefix to outrank that rule).
 */
function focusRing(color: string) {
  return {
    'html :is(a, button, [role="button"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])):focus-visible': {
      outline: `3px solid ${color}`,
      outlineOffset: '2px',
    },
  };
}

function components(focusColor: string): RaThemeOptions['components'] {
  return {
    MuiCssBaseline: { styleOverrides: { ...focusRing(focusColor), body: { minHeight: '100vh' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  };
}

export const lightTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#1d3557', light: '#457b9d', dark: '#0f2540', contrastText: '#ffffff' },
    secondary: { main: '#b3202f', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    success: { main: '#1b7a3a', dark: '#14602d', contrastText: '#ffffff' },
    // MUI's default orange (#ed6c02) is 3.1:1 on white, too faint for outlined chips' text; this is 5:1.
    warning: { main: '#b45309', dark: '#92400e', contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#14213d', secondary: '#47536b' },
    divider: 'rgba(20, 33, 61, 0.14)',
  },
  components: components('#2a6fdb'),
};

export const darkTheme: RaThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#9cc3ff', light: '#c3dbff', dark: '#6d9ee8', contrastText: '#0b1526' },
    secondary: { main: '#ff8f8f', contrastText: '#1a0b0d' },
    error: { main: '#ff8a80', contrastText: '#2a0906' },
    success: { main: '#6fd68f', dark: '#4fbf73', contrastText: '#06210f' },
    background: { default: '#0b1220', paper: '#121c2e' },
    text: { primary: '#e7edf5', secondary: '#aab6c8' },
    divider: 'rgba(231, 237, 245, 0.14)',
  },
  components: components('#9cc3ff'),
};
