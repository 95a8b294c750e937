import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { PROCESSING_STATUSES, SPEC_PROBLEMS } from '@cc/contracts';
import {
  HttpProblem,
  isUuid,
  ObjectNotFoundError,
  parseListQuery,
  problems,
  requireAuth,
  sendList,
  type ObjectStorage,
} from '@cc/platform';
import { DOCUMENT_SORT_COLUMNS, findDocument, listDocuments } from './queries';

/**
 * `Content-Disposition` that no file name can break: an ASCII fallback without quotes or control
 * characters, and the exact name in RFC 5987 encoding.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'document';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function documentReadRoutes(knex: Knex, storage: ObjectStorage): Router {
  const router = Router();

  router.get('/api/documents', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: DOCUMENT_SORT_COLUMNS,
      defaultSort: { field: 'uploadedAt', order: 'DESC' },
      filter: z
        .object({
          q: z.string().trim().max(200).optional(),
          processingStatus: z.enum(PROCESSING_STATUSES).optional(),
          claimId: z.uuid().optional(),
        })
        .strict(),
    });
    const { rows, total } = await listDocuments(knex, auth.userId, query);
    sendList(res, 'documents', rows, total, query.range);
  });

  router.get('/api/documents/:id', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const document = isUuid(id) ? await findDocument(knex, auth.userId, id) : undefined;
    if (!document) throw problems.notFound('Document not found.');
    res.json(document);
  });

  /** Streams the file to its owner only, as the type its bytes showed, never as something a browser runs. */
  router.get('/api/documents/:id/file', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    const document = isUuid(id) ? await findDocument(knex, auth.userId, id) : undefined;
    if (!document) throw problems.notFound('Document not found.');
    let body;
    try {
      body = await storage.read(document.objectPath);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw HttpProblem.fromSpec(404, SPEC_PROBLEMS.documentFileNotAvailable());
      throw error;
    }
    res.setHeader('Content-Type', document.detectedType);
    res.setHeader('Content-Length', String(document.fileSize));
    res.setHeader('Content-Disposition', contentDisposition(req.query.download ? 'attachment' : 'inline', document.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    // Only the accepted types are ever served (never HTML or script), with nosniff from the security
    // headers; the page policy is dropped so the browser's own PDF and image viewers work.
    res.removeHeader('Content-Security-Policy');
    body.on('error', () => res.destroy());
    body.pipe(res);
  });

  return router;
}
