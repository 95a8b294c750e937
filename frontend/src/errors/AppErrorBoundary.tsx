import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { initialThemeMode } from '../theme/preference';
import { darkTheme, lightTheme } from '../theme/themes';
import { ErrorScreen } from './ErrorScreen';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Outermost safety net, for errors outside react-admin's own boundary (which renders the same
 * screen through its `error` slot). Brings its own MUI theme since react-admin's may be broken.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Uncaught error:', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <StandaloneErrorScreen error={this.state.error} onReset={() => this.setState({ error: undefined, hasError: false })} />;
  }
}

function StandaloneErrorScreen({ error, onReset }: { error: unknown; onReset?: () => void }) {
  return (
    <ThemeProvider theme={createTheme(initialThemeMode() === 'dark' ? darkTheme : lightTheme)}>
      <CssBaseline />
      <ErrorScreen error={error} onReset={onReset} />
    </ThemeProvider>
  );
}

/** The router's `errorElement`, for errors outside react-admin's boundary but inside the router. */
export function RouteErrorScreen() {
  return <StandaloneErrorScreen error={useRouteError()} />;
}
