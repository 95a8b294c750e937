import Box from '@mui/material/Box';
import { useGetList } from 'react-admin';
import { visuallyHidden } from '../common/a11y';

/**
 * Number of the user's documents (length of GET /api/documents). Hidden while loading, when the
 * count is 0, and on any error (the endpoint may not exist yet).
 */
export function DocumentsCountBadge() {
  const { total, isError } = useGetList('documents', undefined, { retry: false });
  if (isError || !total) return null;
  return (
    <Box
      component="span"
      data-testid="documents-count"
      sx={{
        ml: 'auto',
        minWidth: 24,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '0.75rem',
        fontWeight: 700,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <span aria-hidden>{total}</span>
      <Box component="span" sx={visuallyHidden}>
        ({total} {total === 1 ? 'document' : 'documents'})
      </Box>
    </Box>
  );
}
