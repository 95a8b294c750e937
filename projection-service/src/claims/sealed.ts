import type { ClaimEvent, ClaimText, SealedData } from '@cc/contracts';
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

/** The personal data of one claim event, opened (each field only for the events that carry it). */
export interface OpenedClaimEvent {
  /** ClaimFiled. */
  text?: ClaimText;
  /** ClaimStatusChanged (null when the change came without a note) and ClaimNoteAdded. */
  note?: string | null;
  /** ClaimNextActionChanged. */
  nextAction?: string | null;
  /** ClaimDocumentAdded. */
  fileName?: string;
}

export async function openClaimEvent(vault: PersonalDataVault, event: ClaimEvent): Promise<OpenedClaimEvent> {
  switch (event.type) {
    case 'ClaimFiled':
      return { text: await openClaimText(vault, event.data.userId, event.data.text) };
    case 'ClaimStatusChanged':
    case 'ClaimNoteAdded':
      return { note: await openNote(vault, event.data.userId, event.data.note) };
    case 'ClaimNextActionChanged':
      return { nextAction: await openNextAction(vault, event.data.userId, event.data.nextAction) };
    case 'ClaimDocumentAdded':
      return { fileName: await openFileName(vault, event.data.userId, event.data.name) };
    default:
      return {};
  }
}

export async function openFileName(vault: PersonalDataVault, userId: string, sealed: SealedData): Promise<string> {
  return (await vault.open<{ fileName: string }>(userId, sealed))?.fileName ?? ERASED;
}

/** Reads, in one query, the keys of the owners a batch's events name (every sealed event names its owner's `userId`). */
export const preloadOwners =
  (vault: PersonalDataVault) =>
  (events: readonly { data: unknown }[]): Promise<void> =>
    vault.preload(
      events.map(({ data }) =>
        data && typeof data === 'object' && 'userId' in data && typeof data.userId === 'string' ? data.userId : undefined,
      ),
    );
