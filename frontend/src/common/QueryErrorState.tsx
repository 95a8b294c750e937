import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Refresh from '@mui/icons-material/Refresh';
import { ApiError, NetworkError } from '../api/http';

interface QueryErrorStateProps {
  /** What failed to load, e.g. "your claims". */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

function reason(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.problem?.detail || error.problem?.title;
  if (error instanceof NetworkError) return error.message;
  return undefined;
}

/** A failed query: what did not load, why when the server said, and a Retry button. */
export function QueryErrorState({ what, error, onRetry, retrying = false }: QueryErrorStateProps) {
  const why = reason(error);
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="query-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} startIcon={<Refresh aria-hidden />}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      We couldn&apos;t load {what}.{why ? ` ${why}` : ''}
    </Alert>
  );
}
