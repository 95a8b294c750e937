import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { Link as RouterLink } from 'react-router-dom';

/** A tier without DBQ access (spec doc 2 §6): what the plan lacks and where to upgrade; the server holds the same line. */
export function DbqUpgradePrompt({ message }: { message: string }) {
  return (
    <Paper variant="outlined" data-testid="dbq-upgrade" sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
      <WorkspacePremiumOutlined aria-hidden sx={{ fontSize: 44, color: 'primary.main' }} />
      <Typography component="h3" variant="h3" sx={{ mt: 0.5 }}>
        Upgrade Required
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '60ch', mx: 'auto' }}>
        {message}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to="/billing" variant="contained">
          See plans
        </Button>
      </Box>
    </Paper>
  );
}
