import Alert from '@mui/material/Alert';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** The server's (or the form's) message for the whole form. */
export function AuthAlert({ message }: { message: string | undefined }) {
  return message ? (
    <Alert severity="error" role="alert" data-testid="auth-error">
      {message}
    </Alert>
  ) : null;
}

type FieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue(value: string): void;
  /** The field's error; replaces the hint while present. */
  error: string | undefined;
  hint?: string;
} & Omit<TextFieldProps, 'id' | 'name' | 'label' | 'value' | 'onChange' | 'error' | 'helperText'>;

/** A labelled text field whose error, when there is one, shows in place of its hint. */
export function AuthField({ value, onValue, error, hint, ...props }: FieldProps) {
  return (
    <TextField {...props} value={value} onChange={(event) => onValue(event.target.value)} error={!!error} helperText={error ?? hint} />
  );
}
