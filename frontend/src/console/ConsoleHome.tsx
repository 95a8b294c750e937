import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { visibleSections } from './access';

const DESCRIPTIONS: Record<string, string> = {
  claims: 'Every claim of every veteran, its documents and its full history, at any version. Export them.',
  'support-requests': 'Veterans’ questions to support, Pro first, then Basic, then Free, each oldest first. Answer and close them.',
  'access-log': 'Who of the staff read which claim, when, and through which page.',
  users: 'Members, their tiers and how each tier changed.',
  projections: 'Each read model: how far behind the event log it is, its errors, and rebuilding it.',
  'dead-letters': 'Events a read model or worker gave up on: retry or dismiss them.',
  events: 'Every event recorded, in order, with personal data redacted.',
};

/** The console's start page: a card for each section the role includes. */
export function ConsoleHome() {
  const { user } = useCurrentUser();
  return (
    <>
      <Title title="Staff console" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {visibleSections(user?.memberTier).map((section) => (
          <Card key={section.resource} variant="outlined">
            <CardActionArea component={RouterLink} to={`/console/${section.resource}`} sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  {section.label}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {DESCRIPTIONS[section.resource]}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </>
  );
}
