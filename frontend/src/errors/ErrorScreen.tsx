import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Refresh from '@mui/icons-material/Refresh';
import { useEffect } from 'react';

interface ErrorScreenProps {
  error: unknown;
  /** Clears the error state before the page reloads. */
  onReset?: () => void;
}

/** The application error screen (spec doc 1 §2 "Error screens"). Logs the error to the console. */
export function ErrorScreen({ error, onReset }: ErrorScreenProps) {
  useEffect(() => {
    console.error('Claims Copilot crashed:', error instanceof Error ? error.message : error, error);
  }, [error]);

  const refresh = () => {
    onReset?.();
    window.location.reload();
  };

  return (
    <Box
      component="main"
      data-testid="error-screen"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ErrorOutline aria-hidden color="error" fontSize="large" />
          <Typography component="h1" variant="h2">
            Something went wrong
          </Typography>
        </Box>
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.
        </Typography>
        <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" startIcon={<Refresh aria-hidden />} onClick={refresh}>
            Refresh Page
          </Button>
          <Button variant="outlined" startIcon={<HomeOutlined aria-hidden />} onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/** react-admin's `error` slot (its own boundary around all routes). */
export function AdminErrorScreen({ error, resetErrorBoundary }: { error: Error; resetErrorBoundary: (args?: unknown) => void }) {
  return <ErrorScreen error={error} onReset={() => resetErrorBoundary()} />;
}
