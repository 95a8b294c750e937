import { useState } from 'react';

/**
 * The latest non-null value: a dialog opened for `value` keeps showing it while it closes (its
 * exit transition runs after the caller already cleared the value).
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
