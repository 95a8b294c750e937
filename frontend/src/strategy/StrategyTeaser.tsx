import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { STRATEGY_MESSAGES } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';

const WHAT_PRO_SHOWS = [
  'What to strengthen first on an open claim, each step linked to the tool that does it',
  'For a decided claim, which review fits (Supplemental Claim, Higher-Level Review or Board Appeal), why, and by when',
  'Secondary conditions worth claiming, from your analysed documents',
  'Your combined rating and monthly amount if pending claims are granted, and an estimated decision window',
];

/** Free and Basic: what the Pro plan adds here and where to upgrade; the server refuses the same reads. */
export function StrategyTeaser({ message = STRATEGY_MESSAGES.upgrade }: { message?: string }) {
  return (
    <Paper variant="outlined" data-testid="strategy-upgrade" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WorkspacePremiumOutlined aria-hidden sx={{ color: 'primary.main' }} />
        <Typography component="h3" variant="h3">
          Upgrade Required
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {message}
      </Typography>
      <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {WHAT_PRO_SHOWS.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Button component={RouterLink} to="/billing" variant="contained" sx={{ mt: 2 }}>
        Upgrade
      </Button>
    </Paper>
  );
}
