import { useCallback, useState } from 'react';

export interface InlineEditState {
  editing: boolean;
  open: () => void;
  close: () => void;
}

/** Whether an inline editor is open; kept outside InlineEdit so that a save's success can close it. */
export function useInlineEdit(): InlineEditState {
  const [editing, setEditing] = useState(false);
  const open = useCallback(() => setEditing(true), []);
  const close = useCallback(() => setEditing(false), []);
  return { editing, open, close };
}
