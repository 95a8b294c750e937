import { streams } from '@cc/contracts';
import { DomainError, fold, handleCommand, type EventMetadata, type EventStore, type PersonalDataVault } from '@cc/platform';
import { claimDecider } from '../claims/decider';
import { documentDecider } from './decider';
import { ClaimNotFoundError } from './errors';

export type Metadata = Partial<EventMetadata>;

/** The writes registration and linking share: a document's own stream, and its link on a claim's. */
export function documentWrites({ store, vault }: { store: EventStore; vault: PersonalDataVault }) {
  const onDocument = (documentId: string, command: Parameters<typeof documentDecider.decide>[0], metadata: Metadata) =>
    handleCommand({ store, streamId: streams.document(documentId), decider: documentDecider, command, metadata });

  /** The claim must be one of the user's own; the claim's decider checks that when it records the link. */
  const addToClaim = async (userId: string, claimId: string, documentId: string, fileName: string, metadata: Metadata) =>
    handleCommand({
      store,
      streamId: streams.claim(claimId),
      decider: claimDecider,
      command: { type: 'AddDocumentToClaim', data: { actorId: userId, claimId, documentId, name: await vault.seal(userId, { fileName }) } },
      metadata,
    }).catch((error) => {
      if (error instanceof DomainError && error.code === 'not-found') throw new ClaimNotFoundError();
      throw error;
    });

  /** Checked before anything is recorded, with the claim's own state (its decider checks again when linking). */
  const assertOwnClaim = async (userId: string, claimId: string) => {
    const claim = fold(claimDecider, (await store.readStream(streams.claim(claimId))).events);
    if (!claim.filed || claim.ownerId !== userId) throw new ClaimNotFoundError();
  };

  return { onDocument, addToClaim, assertOwnClaim };
}

export type DocumentWrites = ReturnType<typeof documentWrites>;
