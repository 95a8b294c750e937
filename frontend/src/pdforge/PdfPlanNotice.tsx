import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { PDF_GENERATION_UPGRADE } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Said before the veteran fills the form, not only as the server's 403 at the end: on a plan without
 * PDF generation (spec doc 2 §6 "Free tier: basic templates only, no PDF generation") the form can
 * still be filled and its draft saved, and the notice says where to upgrade.
 */
export function PdfPlanNotice() {
  return (
    <Alert
      severity="info"
      data-testid="pdf-plan-notice"
      sx={{ mb: 2, '& .MuiAlert-action': { alignItems: 'center' } }}
      action={
        <Button component={RouterLink} to="/billing" variant="contained" size="small">
          Upgrade
        </Button>
      }
    >
      <AlertTitle>Upgrade Required</AlertTitle>
      {PDF_GENERATION_UPGRADE} You can still fill in the form and save your draft.
    </Alert>
  );
}
