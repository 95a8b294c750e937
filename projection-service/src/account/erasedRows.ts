import type { AccountEventType, EventDataOf } from '@cc/contracts';
import type { RecordedEvent } from '@cc/platform';

/**
 * Every read model that holds a user's data drops it when the account is erased (`AccountErased`):
 * the rows hold opened personal data (names, conditions, notes, file names), which must not outlive
 * the key. A rebuild replays the same: rows made from the earlier events (without personal data,
 * the key being gone) are removed again when the erasure is reached.
 */
export const ACCOUNT_ERASED = 'AccountErased' satisfies AccountEventType;

/** The erased user's id when `event` is an account erasure, else undefined. */
export function erasedUserOf(event: RecordedEvent): string | undefined {
  return event.type === ACCOUNT_ERASED ? (event.data as EventDataOf<'AccountErased'>).userId : undefined;
}
