import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, openSupportRequestBody } from '@cc/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/http';
import { errorToastText } from '../api/errorToast';
import { useToast } from '../toast/useToast';
import { useOpenRequest, useOwnClaims } from './api';

type Errors = Partial<Record<'subject' | 'message' | 'claimId', string>>;

/** Subject, message and, optionally, one of the veteran's claims; checked with the server's own rules. */
export function NewRequestForm() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [claimId, setClaimId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const claims = useOwnClaims();
  const open = useOpenRequest();
  const navigate = useNavigate();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = openSupportRequestBody.safeParse({ subject, message, claimId });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    open.mutate(parsed.data, {
      onSuccess: (detail) => {
        toast({ title: 'Request sent', description: 'Support will answer here and let you know.' });
        setSubject('');
        setMessage('');
        setClaimId('');
        if (detail?.id) navigate(`/help/requests/${detail.id}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length > 0)
          setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
        toast({
          ...errorToastText(error, { title: 'Error', description: 'Your request could not be sent.' }, { serverDetail: true }),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="New support request" sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Subject"
        required
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={!!errors.subject}
        helperText={errors.subject}
        slotProps={{ htmlInput: { maxLength: SUPPORT_SUBJECT_MAX, 'data-testid': 'support-subject' } }}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={4}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={!!errors.message}
        helperText={errors.message ?? `Up to ${SUPPORT_MESSAGE_MAX} characters. Never send your full Social Security number.`}
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX, 'data-testid': 'support-message' } }}
      />
      <TextField
        select
        label="About a claim (optional)"
        value={claimId}
        onChange={(e) => setClaimId(e.target.value)}
        error={!!errors.claimId}
        helperText={errors.claimId}
        slotProps={{ select: { 'data-testid': 'support-claim' } as object }}
      >
        <MenuItem value="">No particular claim</MenuItem>
        {(claims.data ?? []).map((claim) => (
          <MenuItem key={claim.id} value={claim.id}>
            {claim.claimNumber} · {claim.condition}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="contained" disabled={open.isPending} data-testid="support-send">
          {open.isPending ? 'Sending…' : 'Send to support'}
        </Button>
      </Box>
    </Box>
  );
}
