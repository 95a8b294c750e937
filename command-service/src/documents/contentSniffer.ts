import type { DetectedType } from '@cc/contracts';

/** How many leading bytes the sniffer needs (a .docx names its `word/` parts near the start). */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((byte, i) => buffer[i] === byte);

/** Tab, line feed, form feed and carriage return are the only control characters plain text has. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** UTF-8 text without other control characters; a multi-byte character cut off by the prefix is allowed. */
function isText(prefix: Buffer, complete: boolean): boolean {
  if (prefix.length === 0) return false;
  for (const byte of prefix) if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(prefix, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * The accepted type this content really is, from its first bytes (never from its name or the type
 * the browser declared), or undefined. `complete` tells whether `prefix` is the whole file.
 */
export function sniffContentType(prefix: Buffer, complete: boolean): DetectedType | undefined {
  if (startsWith(prefix, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(prefix, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(prefix, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (prefix.subarray(0, 6).toString('latin1') === 'GIF87a' || prefix.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  // Word 97–2003: an OLE2 compound file.
  if (startsWith(prefix, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // Word 2007+: a ZIP package with a word/ part (an .xlsx or any other ZIP is not accepted).
  if (startsWith(prefix, [0x50, 0x4b, 0x03, 0x04]) && prefix.includes('word/', 0, 'latin1')) return 'docx';
  if (isText(prefix, complete)) return 'txt';
  return undefined;
}
