import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Router, type Request } from 'express';
import { MAX_UPLOAD_BYTES, SPEC_PROBLEMS } from '@cc/contracts';
import { z } from 'zod';
import { DOCUMENT_MESSAGES, registerDocumentBody, type Document } from '@cc/contracts';
import {
  answerCommand,
  closeAfterAnswer,
  commandMetadata,
  contextOf,
  finishBeforeShutdown,
  HttpProblem,
  isUuid,
  parseOrProblem,
  problems,
  requireAuth,
  type GlobalPosition,
} from '@cc/platform';
import type { DocumentCommands } from './commands';
import { TransferTimeoutError } from './errors';
import { documentProblems } from './problems';
import { UPLOAD_PREFIX } from './uploadGrants';

export interface DocumentReadBack {
  /** Waits until the named read models (all, without names) have applied the position. */
  waitFor(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  document(userId: string, documentId: string): Promise<Document | undefined>;
}

const tooLarge = () => HttpProblem.fromSpec(413, SPEC_PROBLEMS.fileTooLarge());
const lengthRequired = () => new HttpProblem(411, 'length-required', 'Length required', DOCUMENT_MESSAGES.lengthRequired);

/** Reads and discards what is left of a request body, up to a bound. */
async function drain(req: Request, maxBytes: number): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.destroy();
  });
  req.resume();
  await Promise.race([once(req, 'end'), once(req, 'close')]).catch(() => undefined);
}

/** What a document command's answer reads: the document, with the condition of its claim. */
const DOCUMENT_VIEW = ['documents', 'claims'];

const linkBody = z.object({ claimId: z.uuid('claimId must be a claim id').nullable() });

export function documentRoutes(documents: DocumentCommands, readBack: DocumentReadBack): Router {
  const router = Router();
  const waitForDocumentView = (position: GlobalPosition) => readBack.waitFor(position, DOCUMENT_VIEW);

  router.post('/api/objects/upload', async (_req, res) => {
    const auth = requireAuth(res);
    res.json({ uploadURL: await documents.createUploadUrl(auth.userId) });
  });

  /**
   * Every upload address: the raw file, streamed into storage, at most 50 MB. The size must be
   * declared (browsers always send Content-Length), so an oversize file is refused before a byte
   * is read and without spending the address, and storage streams the rest without buffering it.
   */
  router.put(`${UPLOAD_PREFIX}:token`, async (req, res) => {
    const auth = requireAuth(res);
    const declared = req.headers['content-length'];
    if (declared === undefined) {
      // A body of unknown length is not read (beyond a short lingering read that lets the sender see the answer).
      closeAfterAnswer(req, res);
      throw lengthRequired();
    }
    const contentLength = Number(declared);
    if (contentLength > MAX_UPLOAD_BYTES) {
      // Reading the rest lets the sender see the answer rather than a reset; far too large is not worth it.
      if (contentLength > 2 * MAX_UPLOAD_BYTES) closeAfterAnswer(req, res);
      else await drain(req, 2 * MAX_UPLOAD_BYTES);
      throw tooLarge();
    }
    // Storage reads a copy of the body, so a refusal can still read the rest of the request and
    // answer cleanly instead of resetting the connection under the sender.
    const body = new PassThrough();
    // Storage reports a failed body through its own pipeline; when the sender hangs up before storage
    // listens (or after it is done), the error must not go unheard and bring the process down.
    body.on('error', () => undefined);
    req.pipe(body);
    // A sender that goes away mid-file must fail the transfer, not leave it waiting: also one whose
    // request was aborted before this handler ran.
    const interrupted = () => {
      if (!req.complete) body.destroy(new Error('The upload was interrupted.'));
    };
    if (req.closed) interrupted();
    else req.once('close', interrupted);
    try {
      // A sender who hung up has no answer to wait for, but freeing the address is still owed before a shutdown.
      const stored = await finishBeforeShutdown(
        documents.receiveUpload(auth.userId, String(req.params.token), body, { contentType: req.headers['content-type'], contentLength }),
      );
      res.status(201).json({ size: stored.size });
    } catch (error) {
      req.unpipe(body);
      // A sender too slow to finish in time is not waited for again.
      if (error instanceof TransferTimeoutError) closeAfterAnswer(req, res);
      else await drain(req, 2 * MAX_UPLOAD_BYTES);
      throw error;
    }
  });

  router.put('/api/documents', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(registerDocumentBody, req.body);
    const { documentId, position } = await documents.register(auth.userId, body, commandMetadata(res));
    await answerCommand(res, {
      position,
      waitFor: waitForDocumentView,
      read: () => readBack.document(auth.userId, documentId),
      status: 201,
      accepted: { id: documentId, location: `/api/documents/${documentId}` },
    });
  });

  router.put('/api/documents/:id/claim', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    if (!isUuid(id)) throw problems.notFound('Document not found.');
    const { claimId } = parseOrProblem(linkBody, req.body);
    const current = await readBack.document(auth.userId, id);
    if (!current) throw problems.notFound('Document not found.');
    const position = await documents.linkToClaim(auth.userId, id, claimId, current.fileName, commandMetadata(res));
    await answerCommand(res, {
      position,
      waitFor: waitForDocumentView,
      read: () => readBack.document(auth.userId, id),
      accepted: { id, location: `/api/documents/${id}` },
    });
  });

  router.delete('/api/documents/:id', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    if (!isUuid(id)) throw problems.notFound('Document not found.');
    const position = await documents.delete(auth.userId, id, commandMetadata(res));
    await contextOf(res).recordWrite(position);
    res.status(204).end();
  });

  router.use(documentProblems);
  return router;
}
