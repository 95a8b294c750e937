import type { FieldError } from './problem';

/**
 * The C0 control characters no request may carry in a string: all of U+0000–U+001F except tab, line
 * feed and carriage return. PostgreSQL refuses NUL in `text` (so it must never reach an event that a
 * projector cannot apply), and the others have no place in anything a person types. Text keeps its
 * line breaks in either convention: a client on Windows sends CRLF, and refusing CR would refuse
 * ordinary pasted notes, while CR does no harm in PostgreSQL, in JSON logs or in a JSON answer.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export const hasControlCharacter = (text: string): boolean => FORBIDDEN.test(text);

/** A field name as it can be shown: its control characters written as `\uXXXX`. */
export const printableName = (name: string): string =>
  name.replace(FORBIDDEN_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Field names are shown to people: a path through deep nesting is cut short. */
const MAX_FIELD_NAME = 200;

const refusal = (field: string, text: string): FieldError => {
  const code = text.match(FORBIDDEN)![0].charCodeAt(0);
  const where = !field ? '(body)' : field.length > MAX_FIELD_NAME ? `${field.slice(0, MAX_FIELD_NAME)}…` : field;
  return {
    field: where,
    message: `${where} contains a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}), which is not allowed`,
  };
};

/** Where a value sits: its name and its parent's place, so a path is only spelled out for a refusal. */
interface Place {
  name: string | number;
  parent: Place | undefined;
}

function nameOf(place: Place | undefined, prefix: string): string {
  const parts: string[] = [];
  for (let at = place; at; at = at.parent) parts.push(typeof at.name === 'number' ? String(at.name) : printableName(at.name));
  if (prefix) parts.push(prefix);
  return parts.reverse().join('.');
}

/**
 * The first string (or object key) in `value` that holds a forbidden control character, named like
 * a zod issue path (`notes.0.text`) under `prefix`. Walks without recursion and in linear time, so
 * no nesting a JSON parser accepts can overflow the stack or cost more than its size; arrays and
 * plain objects are entered, other values are not strings and cannot carry one.
 */
export function findControlCharacter(value: unknown, prefix = ''): FieldError | undefined {
  const pending: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  while (pending.length > 0) {
    const { value: current, place } = pending.pop()!;
    if (typeof current === 'string') {
      if (FORBIDDEN.test(current)) return refusal(nameOf(place, prefix), current);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], place: { name: i, parent: place } });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) if (FORBIDDEN.test(key)) return refusal(nameOf({ name: key, parent: place }, prefix), key);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], place: { name: entries[i]![0], parent: place } });
    }
  }
  return undefined;
}
