import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Show, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { SUPPORT_MESSAGE_MAX, supportReplyBody, type StaffSupportRequest, type StaffSupportRequestDetail } from '@cc/contracts';
import { usePageTitle } from '../../common/usePageTitle';
import { SupportStatusChip } from '../../help/SupportStatusChip';
import { SupportThread } from '../../help/SupportThread';
import { useToast } from '../../toast/useToast';
import type { ConsoleDataProvider } from '../consoleDataProvider';
import { priorityText, waitingText } from './fields';

/** The list's row may show first, before the detail (thread, claim) has loaded. */
type Shown = StaffSupportRequestDetail | (StaffSupportRequest & Partial<Pick<StaffSupportRequestDetail, 'messages' | 'claim'>>);

function Title() {
  const record = useRecordContext<Shown>();
  usePageTitle(record ? `${record.subject} · Support queue` : 'Support request · Staff console');
  return <>{record ? record.subject : 'Support request'}</>;
}

function Facts({ record }: { record: Shown }) {
  const facts: [string, string][] = [
    ['Veteran', `${record.requesterName} (${record.requesterEmail})`],
    ['Priority', priorityText(record)],
    ['Waiting', waitingText(record)],
    ['Opened', new Date(record.openedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ClaimSummary({ claim }: { claim: NonNullable<StaffSupportRequestDetail['claim']> }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="support-claim-summary">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
        The veteran’s claim
      </Typography>
      <Typography variant="body2">
        {claim.claimNumber} · {claim.condition} · {claim.statusLabel}
        {claim.ratingPercentage !== null ? ` · ${claim.ratingPercentage}%` : ''} · filed{' '}
        {new Date(claim.filedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
      </Typography>
    </Paper>
  );
}

function Reply({ record }: { record: Shown }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const { toast } = useToast();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: { title: string; description: string }) => {
    setBusy(true);
    try {
      await action();
      toast(done);
      setMessage('');
    } catch (e) {
      toast({ title: 'Error', description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportReplyBody.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    void run(() => dataProvider.replyToSupportRequest(record.id, parsed.data.message), {
      title: 'Answer sent',
      description: `${record.requesterName} is notified in the app and by e-mail, as their settings allow.`,
    });
  };

  if (record.status === 'closed') return <Typography>This request is closed.</Typography>;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Answer the veteran" sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Answer"
        multiline
        minRows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX, 'data-testid': 'support-answer' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          Send answer
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            void run(() => dataProvider.closeSupportRequest(record.id), { title: 'Closed', description: `“${record.subject}” is closed.` })
          }
        >
          Close request
        </Button>
      </Box>
    </Box>
  );
}

function Detail() {
  const record = useRecordContext<Shown>();
  if (!record) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {record.subject}
        </Typography>
        <SupportStatusChip status={record.status} />
      </Box>
      <Facts record={record} />
      {record.claim && <ClaimSummary claim={record.claim} />}
      {record.messages ? (
        <SupportThread messages={record.messages} viewer="support" />
      ) : (
        <Skeleton variant="rounded" height={96} aria-label="Loading the thread" />
      )}
      <Reply record={record} />
    </Box>
  );
}

/** One request: the veteran, their plan at opening, the claim it names, the thread; answer or close it. */
export function SupportRequestShow() {
  return (
    <Show title={<Title />} queryOptions={{ staleTime: 0 }}>
      <Detail />
    </Show>
  );
}
