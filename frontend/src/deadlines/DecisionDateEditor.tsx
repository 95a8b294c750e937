import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { isCalendarDate, type ClaimDetail } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorToastText } from '../api/errorToast';
import { ApiError } from '../api/http';
import { formatDate } from '../claims/format';
import { useRefreshClaims } from '../claims/queries';
import { InlineEdit } from '../common/InlineEdit';
import { useInlineEdit } from '../common/useInlineEdit';
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
  const edit = useInlineEdit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = localDay();

  const mutation = useMutation({
    mutationFn: (date: string | null) => setDecisionDate(claim.id, date),
    onSuccess: (_claim, date) => {
      toast({ title: 'Decision Date Updated', description: date ? `Decision date set to ${formatDate(date)}` : 'Decision date cleared' });
      edit.close();
    },
    onError: (failure) => {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === 'decisionDate')?.message : undefined;
      setError(fieldError ?? null);
      toast({
        ...errorToastText(failure, { title: 'Error', description: 'Failed to update the decision date' }, { serverDetail: true }),
        variant: 'destructive',
      });
    },
    onSettled: () => refresh(),
  });

  const save = () => {
    if (!isCalendarDate(text)) return setError('Enter the date on your decision letter');
    if (text > today) return setError('The decision date cannot be in the future.');
    mutation.mutate(text);
  };

  // An error belongs to one round of editing: each opening starts from the saved date, unflagged.
  const open = () => {
    setText(claim.decisionDate ?? '');
    setError(null);
  };

  return (
    <InlineEdit
      state={edit}
      value={<span data-testid="claim-decision-date">{claim.decisionDate ? formatDate(claim.decisionDate) : 'Not set'}</span>}
      editText={claim.decisionDate ? 'Edit' : 'Add'}
      editLabel={claim.decisionDate ? 'Edit decision date' : 'Add decision date'}
      formLabel="Edit decision date"
      saveLabel="Save decision date"
      pending={mutation.isPending}
      onOpen={open}
      onSave={save}
      extraActions={
        claim.decisionDate ? (
          <Button
            size="small"
            color="inherit"
            onClick={() => mutation.mutate(null)}
            disabled={mutation.isPending}
            aria-label="Clear decision date"
          >
            Clear
          </Button>
        ) : null
      }
    >
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
    </InlineEdit>
  );
}
