import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { DocumentCard } from './DocumentCard';
import type { DocumentActionHandlers } from './DocumentActions';
import type { Document } from './types';

const GRID = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
} as const;

interface DocumentListProps extends DocumentActionHandlers {
  documents: readonly Document[];
  isFreePlan: boolean | undefined;
  /** Documents whose analysis was just asked for or is being followed. */
  analyzingIds?: ReadonlySet<string>;
  /** A new filter is loading; the previous answer stays on screen. */
  updating?: boolean;
}

/** The document cards, one column on phones and as many 300 px columns as fit above. */
export function DocumentList({ documents, isFreePlan, analyzingIds, updating = false, ...handlers }: DocumentListProps) {
  return (
    <Box
      component="ul"
      aria-label="Documents"
      aria-busy={updating}
      data-testid="document-list"
      sx={{ ...GRID, opacity: updating ? 0.7 : 1 }}
    >
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentCard document={document} isFreePlan={isFreePlan} analyzing={analyzingIds?.has(document.id) ?? false} {...handlers} />
        </li>
      ))}
    </Box>
  );
}

export function DocumentListSkeleton() {
  return (
    <Box role="status" aria-label="Loading your documents" data-testid="documents-loading" sx={GRID}>
      {[0, 1, 2].map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <Skeleton variant="rounded" width={44} height={44} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </Box>
          </Box>
          <Skeleton width="60%" sx={{ mt: 1.5 }} />
          <Skeleton width="50%" />
          <Skeleton height={36} sx={{ mt: 1 }} />
        </Paper>
      ))}
    </Box>
  );
}
