/**
 * Upload selection rules of spec doc 1 §5 and §9 (pure, unit tested in rules.test.ts): at most 5
 * files per selection (the rest ignored), each 50 MB or smaller (larger ones skipped with a toast),
 * and only the types the file picker accepts.
 */

import { ACCEPTED_EXTENSIONS, MAX_FILES_PER_SELECTION, MAX_UPLOAD_BYTES, SPEC_PROBLEMS } from '@cc/contracts';

export { ACCEPTED_EXTENSIONS, MAX_FILES_PER_SELECTION };
/** 50 MB (50 × 1024 × 1024 bytes), the server's limit too. */
export const MAX_FILE_SIZE_BYTES = MAX_UPLOAD_BYTES;

export const UPLOAD_HINT = 'Maximum 5 files, up to 50MB each';
export const SUPPORTED_TYPES_TEXT = 'PDF, Word, Excel, PowerPoint, Images (JPG, PNG), Text';

/** What the file picker accepts (the supported-types text also names Excel and PowerPoint; the picker does not). */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** ".pdf" for "Report.PDF"; "" when the name has no extension. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot).toLowerCase() : '';
}

export function isAcceptedFile(file: { name: string }): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/** The type sent with the file: the browser's MIME type, else one from the extension, else a generic one. */
export function contentTypeOf(file: { name: string; type: string }): string {
  return file.type || MIME_BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';
}

export function isTooLarge(file: { size: number }): boolean {
  return file.size > MAX_FILE_SIZE_BYTES;
}

export const tooLargeMessage = (fileName: string) => SPEC_PROBLEMS.fileTooLarge(fileName).detail;

export interface FileSelection<F> {
  /** Files to upload, in the order chosen. */
  accepted: F[];
  /** Skipped: larger than 50 MB. */
  tooLarge: F[];
  /** Skipped: a type the picker does not accept (only possible by drag & drop). */
  unsupported: F[];
  /** Beyond the first 5: ignored. */
  ignored: F[];
}

/** Applies the rules in order: first the 5-file cap, then the type and size of each kept file. */
export function selectFiles<F extends { name: string; size: number }>(files: readonly F[]): FileSelection<F> {
  const kept = files.slice(0, MAX_FILES_PER_SELECTION);
  const selection: FileSelection<F> = { accepted: [], tooLarge: [], unsupported: [], ignored: files.slice(MAX_FILES_PER_SELECTION) };
  for (const file of kept) {
    if (!isAcceptedFile(file)) selection.unsupported.push(file);
    else if (isTooLarge(file)) selection.tooLarge.push(file);
    else selection.accepted.push(file);
  }
  return selection;
}

/** The note shown when a selection had more than 5 files; null when none were ignored. */
export function ignoredFilesNotice(ignored: number): string | null {
  if (ignored <= 0) return null;
  return `Only the first ${MAX_FILES_PER_SELECTION} files are uploaded; ${ignored} more ${ignored === 1 ? 'file was' : 'files were'} ignored.`;
}
