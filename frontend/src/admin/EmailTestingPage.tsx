import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MailOutline from '@mui/icons-material/MailOutline';
import { NOTIFICATION_KIND_LABELS, SAMPLE_EMAILS, type OutboxMessage } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePageTitle } from '../common/usePageTitle';
import { useToast } from '../toast/useToast';
import { fetchOutbox, outboxHtmlUrl, outboxRawUrl, sendSampleEmails } from './api';

const OUTBOX_SHOWN = 25;
const OUTBOX_KEY = ['emails', 'outbox', OUTBOX_SHOWN] as const;
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin (spec doc 2 §2.7), for administrators only: send the six sample e-mails, read the outbox. */
export function EmailTestingPage() {
  usePageTitle('Email Testing');
  const { user, isPending } = useCurrentUser();
  if (isPending || !user) return <Skeleton variant="rounded" height={320} aria-label="Loading" />;
  if (!user.roles.includes('administrator')) {
    return (
      <Box sx={{ maxWidth: 640 }}>
        <Typography component="h1" variant="h1">
          Email Testing
        </Typography>
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="admin-forbidden">
          This page is for administrators only.
        </Alert>
      </Box>
    );
  }
  return <EmailTesting defaultAddress={user.email} />;
}

function EmailTesting({ defaultAddress }: { defaultAddress: string }) {
  const { toast } = useToast();
  const client = useQueryClient();
  const [to, setTo] = useState(defaultAddress);
  const send = useMutation({
    mutationFn: () => sendSampleEmails(to.trim()),
    onSuccess: (answer) => {
      toast({ title: 'Success', description: answer.message });
      void client.invalidateQueries({ queryKey: ['emails', 'outbox'] });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to send sample emails.', variant: 'destructive' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (to.trim()) send.mutate();
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Email Testing
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>Send every sample e-mail to an address to check how they look.</Typography>
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              id="sample-to"
              label="Email Address"
              type="email"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              sx={{ flex: '1 1 260px' }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!to.trim() || send.isPending}
              aria-busy={send.isPending}
              sx={{ minHeight: 56 }}
            >
              {send.isPending ? 'Sending...' : 'Send All Sample Emails'}
            </Button>
          </Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
            Sample e-mails
          </Typography>
          <List dense aria-label="Sample e-mails">
            {SAMPLE_EMAILS.map((sample) => (
              <ListItem key={sample.kind} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <MailOutline fontSize="small" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={sample.label} secondary={NOTIFICATION_KIND_LABELS[sample.kind].description} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <OutboxCard />
    </Box>
  );
}

function OutboxCard() {
  const outbox = useQuery({ queryKey: OUTBOX_KEY, queryFn: ({ signal }) => fetchOutbox(OUTBOX_SHOWN, signal) });
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="outbox-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="outbox-heading" component="h2" variant="h3">
          Outbox
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
          Without an SMTP server every e-mail is kept here as an .eml file.
        </Typography>
        {outbox.isPending ? (
          <Skeleton height={160} />
        ) : outbox.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void outbox.refetch()}>
                Retry
              </Button>
            }
          >
            The outbox could not be loaded.
          </Alert>
        ) : outbox.data.transport === 'smtp' ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            E-mail goes out through the SMTP server, so there is no outbox to show.
          </Alert>
        ) : outbox.data.messages.length === 0 ? (
          <Typography sx={{ mt: 2, color: 'text.secondary' }} data-testid="outbox-empty">
            No e-mails have been sent yet.
          </Typography>
        ) : (
          <>
            <List aria-label="Outbox messages">
              {outbox.data.messages.map((message) => (
                <ListItem key={message.id} disablePadding divider>
                  <ListItemButton onClick={() => setOpened(message)} data-testid="outbox-message">
                    <ListItemText
                      primary={message.subject}
                      secondary={`To ${message.to} · ${timeFormat.format(new Date(message.sentAt))}`}
                      slotProps={{
                        primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                        secondary: { sx: { overflowWrap: 'anywhere' } },
                      }}
                    />
                    {message.sample ? <Chip size="small" label="Sample" sx={{ ml: 1 }} /> : null}
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Showing {outbox.data.messages.length} of {outbox.data.total}.
            </Typography>
          </>
        )}
      </CardContent>
      <Dialog open={opened !== null} onClose={() => setOpened(null)} fullWidth maxWidth="md" aria-labelledby="outbox-message-title">
        {opened ? (
          <>
            <DialogTitle id="outbox-message-title" sx={{ overflowWrap: 'anywhere' }}>
              {opened.subject}
            </DialogTitle>
            <DialogContent dividers sx={{ p: 0 }}>
              <Typography variant="body2" sx={{ px: 3, py: 1, color: 'text.secondary' }}>
                To {opened.to}
              </Typography>
              {/* sandbox: the message runs no script and cannot navigate the app. */}
              <Box
                component="iframe"
                title={`E-mail: ${opened.subject}`}
                src={outboxHtmlUrl(opened.id)}
                sandbox=""
                sx={{ display: 'block', width: '100%', height: { xs: 420, sm: 560 }, border: 0, bgcolor: '#fff' }}
              />
            </DialogContent>
            <DialogActions>
              <Button component="a" href={outboxRawUrl(opened.id)} download>
                Download .eml
              </Button>
              <Button onClick={() => setOpened(null)} variant="contained">
                Close
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}
