import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';

/** A labelled, required checkbox whose error shows under it and is tied to it for screen readers. */
export function ConsentCheckbox(props: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChecked(checked: boolean): void;
  error?: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <FormControl error={Boolean(props.error)} required>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0, '& .MuiCheckbox-root': { mt: -0.75 } }}
        control={
          <Checkbox
            id={props.id}
            name={props.name}
            checked={props.checked}
            onChange={(event) => props.onChecked(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': props.error ? errorId : undefined, 'aria-invalid': Boolean(props.error) } }}
          />
        }
        label={props.label}
      />
      {props.error && <FormHelperText id={errorId}>{props.error}</FormHelperText>}
    </FormControl>
  );
}
