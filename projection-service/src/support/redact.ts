import { ERASED_PERSONAL_DATA, REDACTED, sealedData, type SealedData } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';

const isSealed = (value: unknown): value is SealedData => sealedData.safeParse(value).success;

/** The event's data with every sealed field shown as {@link REDACTED}. Everything else is as stored. */
export function redactSealed(value: unknown): unknown {
  if (isSealed(value)) return REDACTED;
  if (Array.isArray(value)) return value.map(redactSealed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactSealed(inner)]));
  return value;
}

/**
 * The event's data with every sealed field opened with its owner's key (the event's `userId`), or
 * {@link ERASED_PERSONAL_DATA} when that key is gone. For administrators who asked, and recorded.
 */
export async function openSealed(value: unknown, vault: PersonalDataVault, ownerId: string | null): Promise<unknown> {
  if (isSealed(value)) {
    if (!ownerId) return REDACTED;
    try {
      return (await vault.open(ownerId, value)) ?? ERASED_PERSONAL_DATA;
    } catch {
      // Sealed with another key than the event's owner's: nothing to show.
      return REDACTED;
    }
  }
  if (Array.isArray(value)) return Promise.all(value.map((inner) => openSealed(inner, vault, ownerId)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, inner]) => [key, await openSealed(inner, vault, ownerId)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** Whose personal data an event carries: its `userId`, the convention of every event with sealed fields. */
export function ownerOfEventData(data: unknown): string | null {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : null;
}
