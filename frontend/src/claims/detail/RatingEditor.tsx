import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { CLAIM_MESSAGES, type ClaimDetail } from '@cc/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useToast } from '../../toast/useToast';
import { normaliseRatingInput } from '../ratingInput';
import { useUpdateClaimRating } from '../mutations';

/**
 * The rating, inline editable (doc 1 §4 "Rating edit"): view → Edit → Save or Cancel. "TBD" when
 * empty. An invalid value is refused here with the Invalid Rating toast, without calling the server.
 */
export function RatingEditor({ claim }: { claim: ClaimDetail }) {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const mutation = useUpdateClaimRating(claim.id, { onSaved: () => close() });

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function close() {
    returnFocus.current = true;
    setEditing(false);
  }

  const start = () => {
    setText(claim.ratingPercentage === null ? '' : String(claim.ratingPercentage));
    setEditing(true);
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    const value = normaliseRatingInput(text);
    if (value === null) {
      toast({ title: 'Invalid Rating', description: CLAIM_MESSAGES.invalidRating, variant: 'destructive' });
      return;
    }
    mutation.mutate(value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape discards the edit without closing the dialog around it.
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  if (!editing) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span data-testid="claim-rating-value">{claim.ratingPercentage === null ? 'TBD' : `${claim.ratingPercentage}%`}</span>
        <Button ref={editButton} size="small" startIcon={<EditOutlined aria-hidden />} onClick={start} aria-label="Edit rating">
          Edit
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={save} onKeyDown={onKeyDown} aria-label="Edit rating" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', py: 0.5 }}>
      <TextField
        autoFocus
        size="small"
        id={`claim-rating-${claim.id}`}
        label="Rating (%)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={mutation.isPending}
        helperText="0–100 or empty"
        sx={{ width: '100%', maxWidth: 140 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'claim-rating-input' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
        <Button type="submit" size="small" variant="contained" disabled={mutation.isPending} aria-label="Save rating">
          {mutation.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="small" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
