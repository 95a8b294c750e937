import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DETECTED_TYPES, DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES, streams, type RegisterDocumentBody } from '@cc/contracts';
import { DomainError, handleCommand, type EventStore, type GlobalPosition, type ObjectStorage, type PersonalDataVault } from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from '../users/decider';
import { SNIFF_BYTES, sniffContentType } from './contentSniffer';
import type { DocumentWrites, Metadata } from './documentWrites';
import { FileTooLargeError, RegistrationRefusedError, type DocumentCommandError } from './errors';
import type { UploadGrants } from './uploadGrants';

export interface RegistrationDeps {
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  grants: UploadGrants;
  writes: DocumentWrites;
}

interface NewDocument {
  documentId: string;
  fileName: string;
  fileType: string;
  detectedType: string;
  claimId: string | null;
  reportOf?: { documentId: string; analysisId: string };
  generatedFrom?: { templateId: string };
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

/** Making a file a document: an upload the user registers, or a file the system made for them. */
export function registrationCommands({ store, vault, storage, grants, writes }: RegistrationDeps) {
  /**
   * Takes a document slot on the user's stream (the plan's limit, serialised), stores the bytes,
   * then records the document (and its link to a claim). A refused slot stores nothing.
   */
  const recordDocument = async (
    userId: string,
    doc: NewDocument,
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
    const result = await writes.onDocument(
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
    if (doc.claimId) position = (await writes.addToClaim(userId, doc.claimId, doc.documentId, doc.fileName, metadata)).position ?? position;
    return position;
  };

  return {
    /**
     * Registers an uploaded file. The object must exist and belong to this user's upload address;
     * its real size and its content (not its name or declared type) decide; a refused file leaves
     * no document and no stored object behind.
     */
    async register(
      userId: string,
      body: RegisterDocumentBody,
      metadata: Metadata,
    ): Promise<{ documentId: string; position: GlobalPosition }> {
      const grant = await grants.forRegistration(userId, body.documentURL);
      if (!grant) throw new RegistrationRefusedError(DOCUMENT_MESSAGES.unknownUpload);
      if (!(await grants.markRegistered(grant.id))) throw new RegistrationRefusedError(DOCUMENT_MESSAGES.alreadyRegistered);
      // Once the uploaded object is removed the address is spent; until then a failed registration may be retried.
      let uploadRemoved = false;
      const removeUpload = async () => {
        await storage.delete(grant.objectKey);
        uploadRemoved = true;
      };
      const refuse = async (error: DocumentCommandError): Promise<never> => {
        await removeUpload();
        throw error;
      };
      try {
        const head = await storage.head(grant.objectKey);
        if (!head) throw new RegistrationRefusedError(DOCUMENT_MESSAGES.notUploaded);
        if (head.size > MAX_UPLOAD_BYTES) await refuse(new FileTooLargeError(body.fileName));
        if (head.size === 0) await refuse(new RegistrationRefusedError(DOCUMENT_MESSAGES.empty));
        const prefix = await storage.readPrefix(grant.objectKey, SNIFF_BYTES);
        const detected = sniffContentType(prefix, head.size <= prefix.length);
        if (!detected) return await refuse(new RegistrationRefusedError(DOCUMENT_MESSAGES.notAccepted));
        if (body.claimId) await writes.assertOwnClaim(userId, body.claimId);

        const documentId = randomUUID();
        const position = await recordDocument(
          userId,
          {
            documentId,
            fileName: body.fileName,
            fileType: body.fileType,
            detectedType: DETECTED_TYPES[detected],
            claimId: body.claimId ?? null,
          },
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
      file: Omit<NewDocument, 'documentId' | 'fileType'> & { bytes: Buffer },
      metadata: Metadata,
    ): Promise<{ documentId: string; position: GlobalPosition }> {
      const documentId = randomUUID();
      const position = await recordDocument(
        userId,
        {
          documentId,
          fileName: file.fileName,
          fileType: file.detectedType,
          detectedType: file.detectedType,
          claimId: file.claimId,
          reportOf: file.reportOf,
          generatedFrom: file.generatedFrom,
        },
        async (objectPath) => {
          await storage.put(objectPath, file.bytes, { contentType: file.detectedType, maxBytes: MAX_UPLOAD_BYTES });
          return { size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex') };
        },
        metadata,
      );
      return { documentId, position };
    },
  };
}
