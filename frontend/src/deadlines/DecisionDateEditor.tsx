import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { isCalendarDate, type ClaimDetail } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorToastText } from '../api/errorToast';
import { ApiError } from '../api/http';
import { formatDate } from '../claims/format';
import { useRefreshClaims } from '../claims/queries';
import { useToast } from '../toast/useToast';
import { setDecisionDate } from './api';
import { localDay } from './format';

/**
 * The date on the decision letter of an approved or denied claim, inline editable like the rating:
 * view → Edit (or Add) → Save, Clear or Cancel. Its review deadlines follow from it.
 */
export function DecisionDateEditor({ claim }: { claim: ClaimDetail }) {
  const { toast } = useToast();
  const refresh = useRefreshClaims();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const today = localDay();

  const mutation = useMutation({
    mutationFn: (date: string | null) => setDecisionDate(claim.id, date),
    onSuccess: (_claim, date) => {
      toast({ title: 'Decision Date Updated', description: date ? `Decision date set to ${formatDate(date)}` : 'Decision date cleared' });
      close();
    },
    onError: (failure) => {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === 'decisionDate')?.message : undefined;
      setError(fieldError ?? null);
      toast({ ...errorToastText(failure, { title: 'Error', description: 'Failed to update the decision date' }, { serverDetail: true }), variant: 'destructive' });
    },
    onSettled: () => refresh(),
  });

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function close() {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  }

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!isCalendarDate(text)) return setError('Enter the date on your decision letter');
    if (text > today) return setError('The decision date cannot be in the future.');
    mutation.mutate(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  if (!editing) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span data-testid="claim-decision-date">{claim.decisionDate ? formatDate(claim.decisionDate) : 'Not set'}</span>
        <Button
          ref={editButton}
          size="small"
          startIcon={<EditOutlined aria-hidden />}
          onClick={() => {
            setText(claim.decisionDate ?? '');
            setEditing(true);
          }}
          aria-label={claim.decisionDate ? 'Edit decision date' : 'Add decision date'}
        >
          {claim.decisionDate ? 'Edit' : 'Add'}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={save} onKeyDown={onKeyDown} aria-label="Edit decision date" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', py: 0.5 }}>
      <TextField
        autoFocus
        type="date"
        size="small"
        id={`claim-decision-date-${claim.id}`}
        label="Decision letter date"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        disabled={mutation.isPending}
        error={error !== null}
        helperText={error ?? 'The date printed on the letter'}
        sx={{ width: '100%', maxWidth: 200 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'claim-decision-date-input' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Button type="submit" size="small" variant="contained" disabled={mutation.isPending} aria-label="Save decision date">
          {mutation.isPending ? 'Saving…' : 'Save'}
        </Button>
        {claim.decisionDate ? (
          <Button size="small" color="inherit" onClick={() => mutation.mutate(null)} disabled={mutation.isPending} aria-label="Clear decision date">
            Clear
          </Button>
        ) : null}
        <Button size="small" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
