import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useCreatePath } from 'react-admin';

/** A link to a claim's page in the console (the row already carries its number, so nothing is fetched). */
export function ClaimLink({ claimId, claimNumber }: { claimId: string | null; claimNumber: string | null }) {
  const createPath = useCreatePath();
  if (!claimId) return <>—</>;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource: 'claims', id: claimId, type: 'show' })}
      onClick={(event) => event.stopPropagation()}
    >
      {claimNumber ?? 'Claim'}
    </Link>
  );
}
