import { ApiError, NetworkError } from '../api/http';

export type FieldErrors = Partial<Record<string, string>>;

export interface FormFailure {
  fieldErrors: FieldErrors;
  /** Shown as an alert above the form. */
  alert?: string;
}

/** Zod-style issues (from the shared contracts schemas) to one message per field. */
export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A failed sign-in or registration, for display: 400 field errors go next to their fields (any the
 * form does not show become the alert); 401, 409, 429 and the rest show the problem's detail.
 */
export function describeFailure(error: unknown, formFields: readonly string[]): FormFailure {
  if (error instanceof ApiError) {
    const fieldErrors: FieldErrors = {};
    const other: string[] = [];
    for (const { field, message } of error.fieldErrors) {
      if (formFields.includes(field)) fieldErrors[field] ??= message;
      else other.push(message);
    }
    const matched = Object.keys(fieldErrors).length > 0;
    const alert = other.length ? other.join(' ') : matched ? undefined : error.userMessage;
    return { fieldErrors, alert };
  }
  if (error instanceof NetworkError) return { fieldErrors: {}, alert: error.message };
  return { fieldErrors: {}, alert: 'Something went wrong. Please try again.' };
}
