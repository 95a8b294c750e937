import type { ClaimText, SealedData } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';

/**
 * Opening the sealed text of claim events. When the owner's key has been erased the text is gone
 * for good; read models then show a neutral marker instead of failing.
 */
export const ERASED = '[removed]';

export async function openClaimText(vault: PersonalDataVault, userId: string, sealed: SealedData): Promise<ClaimText> {
  return (await vault.open<ClaimText>(userId, sealed)) ?? { condition: ERASED, nextAction: null };
}

export async function openNote(vault: PersonalDataVault, userId: string, sealed: SealedData | null): Promise<string | null> {
  if (!sealed) return null;
  return (await vault.open<{ note: string }>(userId, sealed))?.note ?? ERASED;
}

export async function openNextAction(vault: PersonalDataVault, userId: string, sealed: SealedData | null): Promise<string | null> {
  if (!sealed) return null;
  const opened = await vault.open<{ nextAction: string | null }>(userId, sealed);
  return opened ? opened.nextAction : ERASED;
}
