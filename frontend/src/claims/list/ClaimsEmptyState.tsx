import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import { Link as RouterLink } from 'react-router-dom';

/** No claims yet: the spec's texts and an Add Your First Claim button (the New Claim dialog, or /claims). */
export function ClaimsEmptyState({ onAddClaim, addDisabled = false }: { onAddClaim?: () => void; addDisabled?: boolean }) {
  return (
    <Box data-testid="claims-empty" sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <AssignmentOutlined aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography component="h3" variant="h3" sx={{ mt: 1 }}>
        No Active Claims
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>Start by adding your first VA disability claim to track your benefits</Typography>
      {onAddClaim ? (
        <Button variant="contained" startIcon={<Add aria-hidden />} onClick={onAddClaim} disabled={addDisabled} sx={{ mt: 2.5 }}>
          Add Your First Claim
        </Button>
      ) : (
        <Button variant="contained" startIcon={<Add aria-hidden />} component={RouterLink} to="/claims" sx={{ mt: 2.5 }}>
          Add Your First Claim
        </Button>
      )}
    </Box>
  );
}
