import { streams } from '@cc/contracts';
import {
  DuplicateEventError,
  handleCommand,
  type EventStore,
  type GlobalPosition,
  type ObjectStorage,
  type PersonalDataVault,
} from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { documentWrites, type Metadata } from './documentWrites';
import { registrationCommands } from './registration';
import type { UploadGrants } from './uploadGrants';
import { uploadCommands } from './uploads';

export interface DocumentCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  grants: UploadGrants;
}

/**
 * The write side of documents: upload addresses and transfers (uploads.ts), registration with
 * content checks (registration.ts), linking and deletion. Refusals are the documents' own errors
 * (errors.ts), answered as HTTP problems by the routes (problems.ts).
 */
export function documentCommands(deps: DocumentCommandsDeps) {
  const { store, storage } = deps;
  const writes = documentWrites(deps);
  return {
    ...uploadCommands(deps),
    ...registrationCommands({ ...deps, writes }),

    async linkToClaim(userId: string, documentId: string, claimId: string | null, fileName: string, metadata: Metadata) {
      if (claimId) await writes.assertOwnClaim(userId, claimId);
      const result = await writes.onDocument(
        documentId,
        { type: 'LinkDocumentToClaim', data: { actorId: userId, documentId, claimId } },
        metadata,
      );
      if (claimId && result.events.length > 0) return (await writes.addToClaim(userId, claimId, documentId, fileName, metadata)).position;
      return result.position;
    },

    /**
     * Deletes the document and its stored file; the history keeps that it existed, not what it was.
     * The user's stream only counts documents, so its slot is freed here, where it is known: the
     * document's own stream refuses a document that is unknown, someone else's or already deleted,
     * and the freeing event's id is derived from the document, so the store takes it at most once.
     */
    async delete(userId: string, documentId: string, metadata: Metadata): Promise<GlobalPosition | undefined> {
      const result = await writes.onDocument(documentId, { type: 'DeleteDocument', data: { actorId: userId, documentId } }, metadata);
      const objectPath = result.state.objectPath;
      if (objectPath) await storage.delete(objectPath);
      try {
        const released = await handleCommand({
          store,
          streamId: streams.user(userId),
          decider: userDecider,
          command: { type: 'RemoveDocument', data: { userId, documentId } },
          metadata,
          maxAttempts: USER_STREAM_MAX_ATTEMPTS,
          idempotencyKey: `user-document-removed:${documentId}`,
        });
        return released.position ?? result.position;
      } catch (error) {
        if (error instanceof DuplicateEventError) return result.position;
        throw error;
      }
    },
  };
}

export type DocumentCommands = ReturnType<typeof documentCommands>;
