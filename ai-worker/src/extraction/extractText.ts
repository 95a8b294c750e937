import { MAX_ANALYSIS_BYTES } from '@cc/contracts';
import { pdfText } from './pdfText';

export { MAX_ANALYSIS_BYTES };

/** Why a document cannot be analysed, in words a veteran can act on. */
export class ExtractionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ExtractionError';
  }
}

export const EXTRACTION_REASONS = {
  tooLarge: 'Documents larger than 10MB cannot be analyzed.',
  wrongType: 'Only PDF and text documents can be analyzed.',
  noText: 'No text could be found in this document. Scanned pages, photos and handwriting cannot be analyzed.',
  unreadable: 'This PDF could not be read. It may be damaged or password-protected.',
} as const;

// Every C0 control character but tab and newline, and DEL.
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * The text of a stored document, read from its real contents. `detectedType` is the type found
 * in the file's own bytes when it was registered.
 */
export async function extractDocumentText(bytes: Uint8Array, detectedType: string): Promise<string> {
  if (bytes.byteLength > MAX_ANALYSIS_BYTES) throw new ExtractionError(EXTRACTION_REASONS.tooLarge);
  let text: string;
  if (detectedType.startsWith('text/plain')) {
    text = new TextDecoder('utf-8').decode(bytes);
  } else if (detectedType === 'application/pdf') {
    const extracted = await pdfText(bytes);
    if (extracted === undefined) throw new ExtractionError(EXTRACTION_REASONS.unreadable);
    text = extracted;
  } else {
    throw new ExtractionError(EXTRACTION_REASONS.wrongType);
  }
  // PostgreSQL refuses NUL in text and jsonb, so a quote carrying one could never be stored; the
  // other control characters (PDF fonts map glyphs to them) carry nothing a reader can use.
  const normalised = text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARACTERS, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (normalised.replace(/\s/g, '').length < 10) throw new ExtractionError(EXTRACTION_REASONS.noText);
  return normalised;
}
