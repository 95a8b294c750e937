import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DETECTED_TYPES, DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES, memberTier, SPEC_PROBLEMS, streams, type RegisterDocumentBody } from '@cc/contracts';
import {
  DomainError,
  DuplicateEventError,
  fold,
  handleCommand,
  HttpProblem,
  ObjectLengthMismatchError,
  loadState,
  ObjectTooLargeError,
  PersonalDataErasedError,
  problems,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type ObjectStorage,
  type PersonalDataVault,
} from '@cc/platform';
import { claimDecider } from '../claims/decider';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
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

/** The transfer of an upload ran past its time limit. */
export class TransferTimeoutError extends Error {
  constructor() {
    super('The upload took too long');
    this.name = 'TransferTimeoutError';
  }
}

/** Copies an object to its final key while hashing it, so the bytes hashed are the bytes kept. */
async function copyHashing(storage: ObjectStorage, from: string, to: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source = await storage.read(from);
  const sink = new PassThrough();
  const stored = storage.put(to, sink, { maxBytes: MAX_UPLOAD_BYTES, contentLength: size });
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

  /**
   * Takes a document slot on the user's stream (the plan's limit, serialised), stores the bytes,
   * then records the document (and its link to a claim). A refused slot stores nothing.
   */
  const recordDocument = async (
    userId: string,
    doc: {
      documentId: string;
      fileName: string;
      fileType: string;
      detectedType: string;
      claimId: string | null;
      reportOf?: { documentId: string; analysisId: string };
      generatedFrom?: { templateId: string };
    },
    keepBytes: (objectPath: string) => Promise<{ size: number; sha256: string }>,
    metadata: Metadata,
    onRefused: () => Promise<void> = async () => undefined,
  ): Promise<GlobalPosition> => {
    try {
      await handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'RegisterDocument', data: { userId, documentId: doc.documentId } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
      });
    } catch (error) {
      if (error instanceof DomainError) await onRefused();
      throw error;
    }
    const objectPath = `documents/${userId}/${doc.documentId}`;
    const { size, sha256 } = await keepBytes(objectPath);
    const result = await onDocument(
      doc.documentId,
      {
        type: 'RegisterDocument',
        data: {
          documentId: doc.documentId,
          userId,
          name: await vault.seal(userId, { fileName: doc.fileName }),
          fileType: doc.fileType,
          detectedType: doc.detectedType,
          fileSize: size,
          objectPath,
          digest: { sealed: await vault.seal(userId, { sha256 }) },
          claimId: doc.claimId,
          ...(doc.reportOf ? { reportOf: doc.reportOf } : {}),
          ...(doc.generatedFrom ? { generatedFrom: doc.generatedFrom } : {}),
        },
      },
      metadata,
    );
    let position = result.position!;
    if (doc.claimId) position = (await addToClaim(userId, doc.claimId, doc.documentId, doc.fileName, metadata)).position ?? position;
    return position;
  };

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
      if (!grant) throw problems.forbidden('This upload address is not valid, was already used, or has expired.');
      const deadline = setTimeout(() => body.destroy(new TransferTimeoutError()), grants.transferLimitMs);
      // The account deleted meanwhile (from another session, perhaps in another process): the
      // transfer stops at once, and storage removes what it had written.
      const stopListening = vault.onErased(userId, () => body.destroy(new PersonalDataErasedError(userId)));
      try {
        const stored = await storage.put(grant.objectKey, body, { contentType: file.contentType, maxBytes: MAX_UPLOAD_BYTES, contentLength: file.contentLength });
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
        if (error instanceof ObjectTooLargeError) throw HttpProblem.fromSpec(413, SPEC_PROBLEMS.fileTooLarge());
        if (error instanceof TransferTimeoutError) throw new HttpProblem(408, 'request-timeout', 'Request timeout', DOCUMENT_MESSAGES.transferTooSlow);
        if (error instanceof ObjectLengthMismatchError) throw problems.badRequest(DOCUMENT_MESSAGES.incomplete);
        throw error;
      } finally {
        clearTimeout(deadline);
        stopListening();
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
      const refuse = async (problem: string | HttpProblem): Promise<never> => {
        await removeUpload();
        throw typeof problem === 'string' ? problems.badRequest(problem) : problem;
      };
      try {
        const head = await storage.head(grant.objectKey);
        if (!head) throw problems.badRequest(DOCUMENT_MESSAGES.notUploaded);
        if (head.size > MAX_UPLOAD_BYTES) await refuse(HttpProblem.fromSpec(400, SPEC_PROBLEMS.fileTooLarge(body.fileName)));
        if (head.size === 0) await refuse(DOCUMENT_MESSAGES.empty);
        const prefix = await storage.readPrefix(grant.objectKey, SNIFF_BYTES);
        const detected = sniffContentType(prefix, head.size <= prefix.length);
        if (!detected) return await refuse(DOCUMENT_MESSAGES.notAccepted);
        if (body.claimId) await assertOwnClaim(userId, body.claimId);

        const documentId = randomUUID();
        const position = await recordDocument(
          userId,
          { documentId, fileName: body.fileName, fileType: body.fileType, detectedType: DETECTED_TYPES[detected], claimId: body.claimId ?? null },
          async (objectPath) => {
            const sha256 = await copyHashing(storage, grant.objectKey, objectPath, head.size);
            await removeUpload();
            return { size: head.size, sha256 };
          },
          metadata,
          async () => removeUpload(),
        );
        return { documentId, position };
      } catch (error) {
        if (!uploadRemoved) await grants.release(grant.id).catch(() => undefined);
        throw error;
      }
    },

    /** A file the system made for the user (an analysis report, a pdfforge PDF): same limit, same records as an upload. */
    async registerGenerated(
      userId: string,
      file: {
        fileName: string;
        bytes: Buffer;
        detectedType: string;
        claimId: string | null;
        reportOf?: { documentId: string; analysisId: string };
        generatedFrom?: { templateId: string };
      },
      metadata: Metadata,
    ): Promise<{ documentId: string; position: GlobalPosition }> {
      const documentId = randomUUID();
      const position = await recordDocument(
        userId,
        { documentId, fileName: file.fileName, fileType: file.detectedType, detectedType: file.detectedType, claimId: file.claimId, reportOf: file.reportOf, generatedFrom: file.generatedFrom },
        async (objectPath) => {
          await storage.put(objectPath, file.bytes, { contentType: file.detectedType, maxBytes: MAX_UPLOAD_BYTES });
          return { size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex') };
        },
        metadata,
      );
      return { documentId, position };
    },

    async linkToClaim(userId: string, documentId: string, claimId: string | null, fileName: string, metadata: Metadata) {
      if (claimId) await assertOwnClaim(userId, claimId);
      const result = await onDocument(documentId, { type: 'LinkDocumentToClaim', data: { actorId: userId, documentId, claimId } }, metadata);
      if (claimId && result.events.length > 0) return (await addToClaim(userId, claimId, documentId, fileName, metadata)).position;
      return result.position;
    },

    /**
     * Deletes the document and its stored file; the history keeps that it existed, not what it was.
     * The user's stream only counts documents, so its slot is freed here, where it is known: the
     * document's own stream refuses a document that is unknown, someone else's or already deleted,
     * and the freeing event's id is derived from the document, so the store takes it at most once.
     */
    async delete(userId: string, documentId: string, metadata: Metadata): Promise<GlobalPosition | undefined> {
      const result = await onDocument(documentId, { type: 'DeleteDocument', data: { actorId: userId, documentId } }, metadata);
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
