import type { Readable } from 'node:stream';
import { DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES, memberTier, streams } from '@cc/contracts';
import {
  DomainError,
  loadState,
  ObjectLengthMismatchError,
  ObjectTooLargeError,
  PersonalDataErasedError,
  type EventStore,
  type ObjectStorage,
  type PersonalDataVault,
} from '@cc/platform';
import { userDecider } from '../users/decider';
import { TransferTimeoutError, UploadAddressInvalidError, UploadIncompleteError, UploadTooLargeError } from './errors';
import type { UploadGrants } from './uploadGrants';

export interface UploadCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  grants: UploadGrants;
}

/** Upload addresses and the transfers to them; registration (registration.ts) makes a transfer a document. */
export function uploadCommands({ store, vault, storage, grants }: UploadCommandsDeps) {
  return {
    /**
     * A user at the plan's document limit is told before transferring anything. Registration
     * decides again on the user's stream, so simultaneous uploads still cannot pass the limit.
     */
    async createUploadUrl(userId: string): Promise<string> {
      const { state } = await loadState(store, streams.user(userId), userDecider);
      const limit = memberTier(state.tier).maxDocumentUploads;
      if (limit > 0 && state.documents >= limit) {
        throw new DomainError('limit-reached', DOCUMENT_MESSAGES.limitReached(limit), { limit });
      }
      return (await grants.create(userId)).uploadUrl;
    },

    /**
     * An upload address's transfer: the signed, single-use address takes one file of at most
     * 50 MB, streamed into storage, which refuses a declared size over the limit before reading and
     * never keeps more. A transfer still running after the grants' transfer limit is cut off.
     */
    async receiveUpload(userId: string, token: string, body: Readable, file: { contentType: string | undefined; contentLength: number }) {
      const grant = await grants.claimForUpload(userId, token);
      if (!grant) throw new UploadAddressInvalidError();
      const deadline = setTimeout(() => body.destroy(new TransferTimeoutError()), grants.transferLimitMs);
      // The account deleted meanwhile (from another session, perhaps in another process): the
      // transfer stops at once, and storage removes what it had written.
      const stopListening = vault.onErased(userId, () => body.destroy(new PersonalDataErasedError(userId)));
      try {
        const stored = await storage.put(grant.objectKey, body, {
          contentType: file.contentType,
          maxBytes: MAX_UPLOAD_BYTES,
          contentLength: file.contentLength,
        });
        // An erasure destroys the key before it sweeps the user's files: either that sweep finds
        // this object, or this check finds the erasure (a notification can be missed).
        if (await vault.isErased(userId)) {
          await storage.delete(grant.objectKey);
          throw new PersonalDataErasedError(userId);
        }
        return stored;
      } catch (error) {
        // Not freed (the database away at that moment), the address simply expires like an unused one.
        await grants.releaseTransfer(grant.id).catch(() => undefined);
        if (error instanceof ObjectTooLargeError) throw new UploadTooLargeError();
        if (error instanceof ObjectLengthMismatchError) throw new UploadIncompleteError();
        throw error;
      } finally {
        clearTimeout(deadline);
        stopListening();
      }
    },
  };
}
