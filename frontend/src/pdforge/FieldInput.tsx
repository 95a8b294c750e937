import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { AiAssistButton } from './AiAssistButton';

export interface FieldInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'number' | 'date';
  inputProps?: Record<string, unknown>;
  /** A pick list: the field is a select of these values (labels optional). */
  options?: readonly string[];
  optionLabel?: (value: string) => string;
  /** Present: the field gets an AI assist button that fills it. */
  assist?: { context: () => Record<string, unknown>; documentText?: string };
}

/** One labelled input of the pdfforge forms, with its error, its pick list or its AI assist. */
export function FieldInput({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  multiline,
  type = 'text',
  inputProps,
  options,
  optionLabel,
  assist,
}: FieldInputProps) {
  return (
    <TextField
      id={`pdforge-${name}`}
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error ?? helperText}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={options ? undefined : type}
      select={Boolean(options)}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: inputProps,
        select: options ? { native: true } : undefined,
        inputLabel: type === 'date' || options ? { shrink: true } : undefined,
        input: assist
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <AiAssistButton
                    fieldName={name}
                    label={label}
                    context={assist.context}
                    documentText={assist.documentText}
                    onSuggestion={onChange}
                  />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {options?.map((o) => (
        <option key={o || 'none'} value={o}>
          {o ? (optionLabel ? optionLabel(o) : o) : 'Not set'}
        </option>
      ))}
    </TextField>
  );
}
