import Box from '@mui/material/Box';
import type { ClaimDetail } from '@cc/contracts';
import { ClaimDetailsCard } from './ClaimDetailsCard';
import { ClaimDocuments } from './ClaimDocuments';
import { ClaimNotes } from './ClaimNotes';
import { CurrentStatusCard } from './CurrentStatusCard';
import { ClaimDeadlinesCard } from '../../deadlines/ClaimDeadlinesCard';

/** The Details tab: status and details side by side from 768 px, then a decided claim's review deadlines, documents and notes. */
export function ClaimDetailsTab({ claim }: { claim: ClaimDetail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr', '@media (min-width:768px)': { gridTemplateColumns: '1fr 1fr' } }}>
        <CurrentStatusCard claim={claim} />
        <ClaimDetailsCard claim={claim} />
      </Box>
      <ClaimDeadlinesCard claim={claim} />
      <ClaimDocuments documents={claim.documents} />
      <ClaimNotes claim={claim} />
    </Box>
  );
}
