import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { InlineEditState } from './useInlineEdit';

interface InlineEditProps {
  state: InlineEditState;
  /** What shows while not editing. */
  value: ReactNode;
  /** The Edit button's text ("Edit", or "Add" when there is nothing yet) and accessible name. */
  editText?: string;
  editLabel: string;
  /** The accessible names of the form and of its Save button. */
  formLabel: string;
  saveLabel: string;
  pending: boolean;
  /** Fills the field from the current value; called as the editor opens. */
  onOpen: () => void;
  onSave: () => void;
  /** The field being edited. */
  children: ReactNode;
  /** Buttons between Save and Cancel, e.g. Clear. */
  extraActions?: ReactNode;
}

/**
 * A value with an Edit button that turns into a small form in place: the field, Save, any extra
 * actions, and Cancel. Escape cancels without closing a dialog the editor sits in.
 */
export function InlineEdit({
  state,
  value,
  editText = 'Edit',
  editLabel,
  formLabel,
  saveLabel,
  pending,
  onOpen,
  onSave,
  children,
  extraActions,
}: InlineEditProps) {
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(state.editing);

  // Closing gives focus back to the Edit button (it was not in the page while the form showed), so
  // keyboard users stay where they were.
  useEffect(() => {
    if (wasEditing.current && !state.editing) editButton.current?.focus();
    wasEditing.current = state.editing;
  }, [state.editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      state.close();
    }
  };

  if (!state.editing) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {value}
        <Button
          ref={editButton}
          size="small"
          startIcon={<EditOutlined aria-hidden />}
          onClick={() => {
            onOpen();
            state.open();
          }}
          aria-label={editLabel}
        >
          {editText}
        </Button>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label={formLabel}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', py: 0.5 }}
    >
      {children}
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Button type="submit" size="small" variant="contained" disabled={pending} aria-label={saveLabel}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
        {extraActions}
        <Button size="small" onClick={state.close} disabled={pending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
