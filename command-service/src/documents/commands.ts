import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DETECTED_TYPES, DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES, memberTier, streams, type RegisterDocumentBody } from '@cc/contracts';
import {
  DomainError,
  fold,
  handleCommand,
  HttpProblem,
  ObjectTooLargeError,
  problems,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type ObjectStorage,
  type PersonalDataVault,
} from '@cc/platform';
import { claimDecider } from '../claims/decider';
import { userDecider } from '../users/decider';
import { SNIFF_BYTES, sniffContentType } from './contentSniffer';
import { documentDecider } from './decider';
import type { UploadGrants } from './uploadGrants';

export interface DocumentCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  grants: UploadGrants;
}

type Metadata = Partial<EventMetadata>;

/** Copies an object to its final key while hashing it, so the bytes hashed are the bytes kept. */
async function copyHashing(storage: ObjectStorage, from: string, to: string): Promise<string> {
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source = await storage.read(from);
  const sink = new PassThrough();
  const stored = storage.put(to, sink, { maxBytes: MAX_UPLOAD_BYTES });
  await Promise.all([pipeline(source, hasher, sink), stored]);
  return hash.digest('hex');
}

/** The write side of documents: upload addresses, registration with content checks, linking, deletion. */
export function documentCommands({ store, vault, storage, grants }: DocumentCommandsDeps) {
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
      if (error instanceof DomainError && error.code === 'not-found') throw problems.badRequest(DOCUMENT_MESSAGES.claimNotFound);
      throw error;
    });

  /** Checked before anything is recorded, with the claim's own state (its decider checks again when linking). */
  const assertOwnClaim = async (userId: string, claimId: string) => {
    const claim = fold(claimDecider, (await store.readStream(streams.claim(claimId))).events);
    if (!claim.filed || claim.ownerId !== userId) throw problems.badRequest(DOCUMENT_MESSAGES.claimNotFound);
  };

  return {
    /**
     * A user at the plan's document limit is told before transferring anything. Registration
     * decides again on the user's stream, so simultaneous uploads still cannot pass the limit.
     */
    async createUploadUrl(userId: string): Promise<string> {
      const { events } = await store.readStream(streams.user(userId));
      const state = fold(userDecider, events);
      const limit = memberTier(state.tier).maxDocumentUploads;
      if (limit > 0 && state.documentIds.length >= limit) {
        throw new DomainError('limit-reached', DOCUMENT_MESSAGES.limitReached(limit), { limit });
      }
      return (await grants.create(userId)).uploadUrl;
    },

    /** The local adapter's upload route: the signed, single-use address takes one file of at most 50 MB. */
    async receiveLocalUpload(userId: string, token: string, body: Readable, contentType: string | undefined) {
      const grant = await grants.claimLocal(userId, token);
      if (!grant) throw problems.forbidden('This upload address is not valid, was already used, or has expired.');
      try {
        return await storage.put(grant.objectKey, body, { contentType, maxBytes: MAX_UPLOAD_BYTES });
      } catch (error) {
        if (error instanceof ObjectTooLargeError) throw new HttpProblem(413, 'payload-too-large', 'Payload too large', DOCUMENT_MESSAGES.tooLarge);
        throw error;
      }
    },

    /**
     * Registers an uploaded file. The object must exist and belong to this user's upload address;
     * its real size and its content (not its name or declared type) decide; a refused file leaves
     * no document and no stored object behind.
     */
    async register(userId: string, body: RegisterDocumentBody, metadata: Metadata): Promise<{ documentId: string; position: GlobalPosition }> {
      const grant = await grants.forRegistration(userId, body.documentURL);
      if (!grant) throw problems.badRequest(DOCUMENT_MESSAGES.unknownUpload);
      if (!(await grants.markRegistered(grant.id))) throw problems.badRequest(DOCUMENT_MESSAGES.alreadyRegistered);
      // Once the uploaded object is removed the address is spent; until then a failed registration may be retried.
      let uploadRemoved = false;
      const removeUpload = async () => {
        await storage.delete(grant.objectKey);
        uploadRemoved = true;
      };
      const refuse = async (detail: string): Promise<never> => {
        await removeUpload();
        throw problems.badRequest(detail);
      };
      try {
        const head = await storage.head(grant.objectKey);
        if (!head) throw problems.badRequest(DOCUMENT_MESSAGES.notUploaded);
        if (head.size > MAX_UPLOAD_BYTES) await refuse(DOCUMENT_MESSAGES.tooLarge);
        if (head.size === 0) await refuse(DOCUMENT_MESSAGES.empty);
        const prefix = await storage.readPrefix(grant.objectKey, SNIFF_BYTES);
        const detected = sniffContentType(prefix, head.size <= prefix.length);
        if (!detected) return await refuse(DOCUMENT_MESSAGES.notAccepted);
        if (body.claimId) await assertOwnClaim(userId, body.claimId);

        const documentId = randomUUID();
        try {
          await handleCommand({
            store,
            streamId: streams.user(userId),
            decider: userDecider,
            command: { type: 'RegisterDocument', data: { userId, documentId } },
            metadata,
            maxAttempts: 20,
          });
        } catch (error) {
          if (error instanceof DomainError) await removeUpload();
          throw error;
        }
        const objectPath = `documents/${userId}/${documentId}`;
        const sha256 = await copyHashing(storage, grant.objectKey, objectPath);
        await removeUpload();
        const result = await onDocument(
          documentId,
          {
            type: 'RegisterDocument',
            data: {
              documentId,
              userId,
              name: await vault.seal(userId, { fileName: body.fileName }),
              fileType: body.fileType,
              detectedType: DETECTED_TYPES[detected],
              fileSize: head.size,
              objectPath,
              sha256,
              claimId: body.claimId ?? null,
            },
          },
          metadata,
        );
        let position = result.position!;
        if (body.claimId) position = (await addToClaim(userId, body.claimId, documentId, body.fileName, metadata)).position ?? position;
        return { documentId, position };
      } catch (error) {
        if (!uploadRemoved) await grants.release(grant.id).catch(() => undefined);
        throw error;
      }
    },

    async linkToClaim(userId: string, documentId: string, claimId: string | null, fileName: string, metadata: Metadata) {
      if (claimId) await assertOwnClaim(userId, claimId);
      const result = await onDocument(documentId, { type: 'LinkDocumentToClaim', data: { actorId: userId, documentId, claimId } }, metadata);
      if (claimId && result.events.length > 0) return (await addToClaim(userId, claimId, documentId, fileName, metadata)).position;
      return result.position;
    },

    /** Deletes the document and its stored file; the history keeps that it existed, not what it was. */
    async delete(userId: string, documentId: string, metadata: Metadata): Promise<GlobalPosition | undefined> {
      const result = await onDocument(documentId, { type: 'DeleteDocument', data: { actorId: userId, documentId } }, metadata);
      const objectPath = result.state.objectPath;
      if (objectPath) await storage.delete(objectPath);
      const released = await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'RemoveDocument', data: { userId, documentId } },
        metadata,
        maxAttempts: 20,
      });
      return released.position ?? result.position;
    },
  };
}

export type DocumentCommands = ReturnType<typeof documentCommands>;
