import { z } from 'zod';
import type { AnalysisResult, AnalysisType } from './analysis';

/** Spec doc 1 §5 and §9. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_SELECTION = 5;
export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.jpg', '.jpeg', '.png', '.gif'] as const;
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Upload addresses a user may hold unused at once. */
export const MAX_OPEN_UPLOAD_ADDRESSES = 20;
/** Every upload address is a path under this prefix (a PUT of the raw file). */
export const UPLOAD_PATH_PREFIX = '/api/objects/upload/';
/** A transfer that started before its address expired may run this long (the default of UPLOAD_TRANSFER_LIMIT_MS). */
export const UPLOAD_TRANSFER_LIMIT_MS = 10 * 60_000;

export const PROCESSING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** What the file really is, from its first bytes. */
export const DETECTED_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;
export type DetectedType = keyof typeof DETECTED_TYPES;

export const DOCUMENT_MESSAGES = {
  notAccepted: "This file's contents are not an accepted type (PDF, Word, text or image).",
  badName: 'The file name must end in .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif.',
  unknownUpload: 'This upload address is not valid. Please upload the file again.',
  alreadyRegistered: 'This upload has already been registered.',
  tooManyAddresses: (limit: number) =>
    `You already have ${limit} uploads waiting. Finish or cancel them, or wait for them to expire, before starting another.`,
  lengthRequired: 'Uploads must state their size (Content-Length).',
  transferTooSlow: 'The upload took too long. Please try again.',
  incomplete: 'The file did not arrive completely. Please upload it again.',
  notUploaded: 'The file did not arrive. Please upload it again.',
  empty: 'The file is empty.',
  limitReached: (limit: number) =>
    `You've reached your limit of ${limit} document uploads. Please upgrade your plan to upload more documents.`,
  claimNotFound: 'The claim to link this document to was not found.',
} as const;

export const registerDocumentBody = z.object({
  documentURL: z.string({ message: 'documentURL is required' }).min(1, 'documentURL is required').max(4096),
  fileName: z
    .string({ message: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(255, 'File names are at most 255 characters')
    .refine(
      (name) => ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
      'File names cannot contain slashes or control characters',
    )
    .refine((name) => ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)), DOCUMENT_MESSAGES.badName),
  fileType: z.string().max(200).optional().default(''),
  fileSize: z.number().int().min(0).optional(),
  claimId: z.uuid('claimId must be a claim id').nullable().optional(),
});
export type RegisterDocumentBody = z.infer<typeof registerDocumentBody>;

export interface Document {
  id: string;
  fileName: string;
  /** The type the browser declared. */
  fileType: string;
  /** The type found in the file's own bytes; this is what the file is served as. */
  detectedType: string;
  fileSize: number;
  processingStatus: ProcessingStatus;
  uploadedAt: string;
  claimId: string | null;
  claimCondition: string | null;
  objectPath: string;
  fileUrl: string;
  sha256: string;
  /** The latest completed analysis; kept when a later analysis fails. */
  aiAnalysisResults: AnalysisResult | null;
  /** The id of the analysis whose results are in `aiAnalysisResults`. */
  analysisId: string | null;
  /** The type of the latest analysis asked for (processing, completed or failed). */
  analysisType: AnalysisType | null;
  /** Why the latest analysis failed, in words a veteran can act on; null otherwise. */
  analysisError: string | null;
  /** When the latest completed analysis finished. */
  analyzedAt: string | null;
}
