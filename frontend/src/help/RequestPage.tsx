import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { SUPPORT_MESSAGE_MAX, supportReplyBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { QueryErrorState } from '../common/QueryErrorState';
import { usePageTitle } from '../common/usePageTitle';
import { useToast } from '../toast/useToast';
import { useCloseRequest, useReply, useSupportRequest } from './api';
import { SupportStatusChip } from './SupportStatusChip';
import { SupportThread } from './SupportThread';

function ReplyForm({ requestId }: { requestId: string }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const reply = useReply(requestId);
  const close = useCloseRequest(requestId);
  const { toast } = useToast();
  const failed = (fallback: string) => (e: unknown) =>
    toast({ ...errorToastText(e, { title: 'Error', description: fallback }, { serverDetail: true }), variant: 'destructive' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportReplyBody.safeParse({ message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    reply.mutate(parsed.data.message, {
      onSuccess: () => setMessage(''),
      onError: (e) => {
        if (e instanceof ApiError && e.fieldErrors[0]) setError(e.fieldErrors[0].message);
        failed('Your reply could not be sent.')(e);
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Reply to support" sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Your reply"
        multiline
        minRows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX, 'data-testid': 'support-reply' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
        <Button
          variant="outlined"
          disabled={close.isPending}
          onClick={() => close.mutate(undefined, { onError: failed('The request could not be closed.') })}
        >
          Close request
        </Button>
      </Box>
    </Box>
  );
}

/** /help/requests/{id}: one request's thread, with a reply box while it is open. */
export function RequestPage() {
  const { id = '' } = useParams();
  const request = useSupportRequest(id);
  usePageTitle(request.data ? `${request.data.subject} · Help & Support` : 'Support request');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}>
      <Link component={RouterLink} to="/help" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        <ArrowBack fontSize="small" aria-hidden /> Help &amp; Support
      </Link>
      {request.isError ? (
        request.error instanceof ApiError && request.error.status === 404 ? (
          <Typography component="h1" variant="h1">
            Support request not found
          </Typography>
        ) : (
          <QueryErrorState what="this request" error={request.error} onRetry={() => void request.refetch()} retrying={request.isFetching} />
        )
      ) : request.isPending ? (
        <Typography role="status">Loading the request…</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h1" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {request.data.subject}
            </Typography>
            <SupportStatusChip status={request.data.status} />
          </Box>
          <SupportThread messages={request.data.messages} viewer="veteran" />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {request.data.status === 'closed' ? (
              <Typography>This request is closed. Open a new request on Help &amp; Support to write to support again.</Typography>
            ) : (
              <ReplyForm requestId={request.data.id} />
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
