import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memberTier, supportPriorityOf } from '@cc/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../auth/useCurrentUser';
import { QueryErrorState } from '../common/QueryErrorState';
import { usePageTitle } from '../common/usePageTitle';
import { useSupportRequests } from './api';
import { HelpArticles } from './HelpArticles';
import { NewRequestForm } from './NewRequestForm';
import { SupportStatusChip } from './SupportStatusChip';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Where the veteran's requests stand in the queue, and what a paid plan changes (nothing is hidden from Free). */
function PriorityNote() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const priority = supportPriorityOf(user.memberTier);
  const plan = memberTier(user.memberTier).displayName;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="support-priority">
      <Typography sx={{ flex: '1 1 280px' }}>
        {priority === 3
          ? `On the ${plan} plan, support answers your requests after those of Basic and Pro members. Paid plans get priority support.`
          : priority === 1
            ? `On the ${plan} plan, your requests come first in the support queue.`
            : `On the ${plan} plan, your requests come before those of Free members in the support queue.`}
      </Typography>
      {priority === 3 && (
        <Button component={RouterLink} to="/billing" variant="outlined">
          Upgrade
        </Button>
      )}
    </Paper>
  );
}

function MyRequests() {
  const requests = useSupportRequests();
  if (requests.isError)
    return (
      <QueryErrorState what="your requests" error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
    );
  if (requests.isPending) return <Typography role="status">Loading your requests…</Typography>;
  if (requests.data.length === 0) return <Typography color="text.secondary">You have not written to support yet.</Typography>;
  return (
    <List aria-label="Your support requests" data-testid="support-requests" disablePadding>
      {requests.data.map((request) => (
        <ListItem key={request.id} disablePadding divider>
          <ListItemButton
            component={RouterLink}
            to={`/help/requests/${request.id}`}
            data-request={request.id}
            sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, columnGap: 1 }}
          >
            <ListItemText
              primary={request.subject}
              secondary={`Updated ${dateTime(request.updatedAt)} · ${request.messageCount} message${request.messageCount === 1 ? '' : 's'}`}
              slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
            <Box sx={{ flexShrink: 0, pb: { xs: 1, sm: 0 } }}>
              <SupportStatusChip status={request.status} />
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** /help: answers from the assistant's knowledge base, and the veteran's support requests. */
export function HelpPage() {
  usePageTitle('Help & Support');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Help &amp; Support
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary', maxWidth: '75ch' }}>
          Write to our support team, or search the answers the AI Copilot draws on. Every member can ask support.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="help-support-heading" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="help-support-heading" component="h2" variant="h2">
          Contact support
        </Typography>
        <PriorityNote />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h3" variant="h3" sx={{ mb: 2 }}>
              New request
            </Typography>
            <NewRequestForm />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
              Your requests
            </Typography>
            <MyRequests />
          </Paper>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="help-answers-heading" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="help-answers-heading" component="h2" variant="h2">
          Answers
        </Typography>
        <HelpArticles />
      </Box>
    </Box>
  );
}
