import TextField from '@mui/material/TextField';
import { CLAIM_MESSAGES, type ClaimDetail } from '@cc/contracts';
import { useState } from 'react';
import { InlineEdit } from '../../common/InlineEdit';
import { useInlineEdit } from '../../common/useInlineEdit';
import { useToast } from '../../toast/useToast';
import { normaliseRatingInput } from '../ratingInput';
import { useUpdateClaimRating } from '../mutations';

/**
 * The rating, inline editable (doc 1 §4 "Rating edit"): view → Edit → Save or Cancel. "TBD" when
 * empty. An invalid value is refused here with the Invalid Rating toast, without calling the server.
 */
export function RatingEditor({ claim }: { claim: ClaimDetail }) {
  const { toast } = useToast();
  const edit = useInlineEdit();
  const [text, setText] = useState('');
  const mutation = useUpdateClaimRating(claim.id, { onSaved: edit.close });

  const save = () => {
    const value = normaliseRatingInput(text);
    if (value === null) {
      toast({ title: 'Invalid Rating', description: CLAIM_MESSAGES.invalidRating, variant: 'destructive' });
      return;
    }
    mutation.mutate(value);
  };

  return (
    <InlineEdit
      state={edit}
      value={<span data-testid="claim-rating-value">{claim.ratingPercentage === null ? 'TBD' : `${claim.ratingPercentage}%`}</span>}
      editLabel="Edit rating"
      formLabel="Edit rating"
      saveLabel="Save rating"
      pending={mutation.isPending}
      onOpen={() => setText(claim.ratingPercentage === null ? '' : String(claim.ratingPercentage))}
      onSave={save}
    >
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
    </InlineEdit>
  );
}
