import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONDITION_TYPES, CONDITION_TYPE_LABELS, fileClaimBody } from '@cc/contracts';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ApiError } from '../api/http';
import { useCreateClaim } from './mutations';

type Field = 'condition' | 'conditionType' | 'nextAction';
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['condition', 'conditionType', 'nextAction'];

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** "Add VA Claim for Tracking": condition, condition type and an optional next action. */
export function NewClaimDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [condition, setCondition] = useState('');
  const [conditionType, setConditionType] = useState('');
  const [nextAction, setNextAction] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const conditionInput = useRef<HTMLInputElement>(null);
  const conditionTypeInput = useRef<HTMLInputElement>(null);
  const nextActionInput = useRef<HTMLInputElement>(null);

  // Each opening starts from an empty form.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setCondition('');
      setConditionType('');
      setNextAction('');
      setErrors({});
    }
  }

  const mutation = useCreateClaim({ onCreated: onClose, onLimitReached: onClose });

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    const inputs: Record<Field, RefObject<HTMLInputElement | null>> = {
      condition: conditionInput,
      conditionType: conditionTypeInput,
      nextAction: nextActionInput,
    };
    if (first) inputs[first].current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = fileClaimBody.safeParse({ condition, conditionType, nextAction });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !next[field]) next[field] = issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    const body = parsed.data;
    mutation.mutate(
      { condition: body.condition, conditionType: body.conditionType, nextAction: body.nextAction },
      {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const next: FieldErrors = {};
          for (const { field, message } of error.fieldErrors) if (isField(field) && !next[field]) next[field] = message;
          if (Object.keys(next).length > 0) showErrors(next);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit, 'data-testid': 'new-claim-dialog' } as object }}
    >
      <DialogTitle id={titleId}>Add VA Claim for Tracking</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Track a claim you have filed with the VA. Condition and condition type are required.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          <TextField
            id="new-claim-condition"
            name="condition"
            label="Condition"
            autoFocus
            placeholder="e.g. Tinnitus"
            value={condition}
            onChange={(event) => setCondition(event.target.value)}
            error={!!errors.condition}
            helperText={errors.condition}
            inputRef={conditionInput}
            slotProps={{ htmlInput: { maxLength: 200, required: true } }}
          />
          <TextField
            select
            id="new-claim-condition-type"
            name="conditionType"
            label="Condition Type"
            value={conditionType}
            onChange={(event) => setConditionType(event.target.value)}
            error={!!errors.conditionType}
            helperText={errors.conditionType}
            inputRef={conditionTypeInput}
            slotProps={{ select: { native: true }, htmlInput: { required: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Select a condition type</option>
            {CONDITION_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONDITION_TYPE_LABELS[type]}
              </option>
            ))}
          </TextField>
          <TextField
            id="new-claim-next-action"
            name="nextAction"
            label="Next Action (optional)"
            placeholder="e.g. Schedule C&P exam"
            value={nextAction}
            onChange={(event) => setNextAction(event.target.value)}
            error={!!errors.nextAction}
            helperText={errors.nextAction}
            inputRef={nextActionInput}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? 'Adding…' : 'Add Claim'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
