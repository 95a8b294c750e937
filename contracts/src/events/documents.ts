import { z } from 'zod';
import { analysisTypeSchema } from '../analysis';
import { eventTypesOf, type EventOf } from './eventTypes';
import { sealedData } from './sealed';

/** The stream `document-<documentId>`: one uploaded or generated file and its analyses. */
export const documentStreams = {
  document: (documentId: string) => `document-${documentId}`,
} as const;

/**
 * A document's SHA-256, sealed (`{ sha256 }`) like its name: the hash of a known file says which
 * file it is, and must go with the key. Version 1 of `DocumentRegistered` kept it in the clear as
 * `sha256`; its upcast gives that as `{ plain }` (those events are immutable, so it stays readable).
 */
export const documentDigest = z.union([z.object({ sealed: sealedData }), z.object({ plain: z.string() })]);
export type DocumentDigest = z.infer<typeof documentDigest>;

export const documentEventSchemas = {
  DocumentRegistered: {
    version: 2,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      /** Sealed `{ fileName }`: a file name often carries a name or a diagnosis. */
      name: sealedData,
      fileType: z.string(),
      detectedType: z.string(),
      fileSize: z.number().int(),
      objectPath: z.string(),
      digest: documentDigest,
      claimId: z.string().nullable(),
      /** Set on a report generated from an analysis: which document and analysis it reports on. */
      reportOf: z.object({ documentId: z.string(), analysisId: z.string() }).optional(),
      /** Set on a PDF made from a pdfforge template: which template. */
      generatedFrom: z.object({ templateId: z.string() }).optional(),
    }),
  },
  DocumentLinkedToClaim: {
    version: 1,
    schema: z.object({ documentId: z.string(), userId: z.string(), claimId: z.string().nullable() }),
  },
  DocumentDeleted: { version: 1, schema: z.object({ documentId: z.string(), userId: z.string() }) },
  /** The document is being analysed (processing). Carries what the worker needs to read the file. */
  DocumentAnalysisRequested: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      objectPath: z.string(),
      detectedType: z.string(),
      fileSize: z.number().int(),
      requestedAt: z.string(),
    }),
  },
  DocumentAnalysisCompleted: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      /** Which engine and model produced the result (not personal, kept readable for audit). */
      engine: z.object({ name: z.string(), model: z.string() }),
      /** Sealed {@link AnalysisResult}: conditions and sentences from medical records. */
      result: sealedData,
      /** The document's sealed `{ fileName }`, so the activity can name it. */
      name: sealedData,
    }),
  },
  DocumentAnalysisFailed: {
    version: 1,
    schema: z.object({
      documentId: z.string(),
      userId: z.string(),
      analysisId: z.string(),
      analysisType: analysisTypeSchema,
      /** Why, in words a veteran can act on; never document text. */
      reason: z.string(),
    }),
  },
} as const;

export const DOCUMENT_EVENT_TYPES = eventTypesOf(documentEventSchemas);
export type DocumentEventType = (typeof DOCUMENT_EVENT_TYPES)[number];
export type DocumentEvent = EventOf<typeof documentEventSchemas>;

/** Version 1 of `DocumentRegistered` kept the file's hash in the clear as `sha256`. */
export const documentUpcasters = {
  DocumentRegistered: {
    1: (data: unknown) => {
      const { sha256, ...rest } = data as { sha256: string } & Record<string, unknown>;
      return { ...rest, digest: { plain: sha256 } };
    },
  },
} satisfies Partial<Record<DocumentEventType, Record<number, (data: unknown) => unknown>>>;
