import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { PRODUCT_NAME } from '@cc/contracts';
import type { AccountDataContributor, AccountExport } from '@cc/platform';

interface Entry {
  path: string;
  size: number;
  content: Buffer | (() => Promise<Readable>);
}

/**
 * Collects every contributor's part. JSON is rendered now (it is small); stored files are only
 * listed with their size and read while the archive streams.
 */
export async function collectExport(userId: string, contributors: readonly AccountDataContributor[], now: Date): Promise<Entry[]> {
  const entries: Entry[] = [];
  const into: AccountExport = {
    json(path, value) {
      const content = Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
      entries.push({ path, size: content.length, content });
    },
    file(path, source) {
      entries.push({ path, size: source.size, content: source.open });
    },
  };
  const parts: string[] = [];
  for (const contributor of contributors) {
    if (!contributor.export) continue;
    await contributor.export(userId, into);
    if (contributor.describes) parts.push(`- ${contributor.describes}`);
  }
  const readme = [
    `${PRODUCT_NAME}: your data`,
    '',
    `Exported ${now.toISOString()} for account ${userId}.`,
    'Dates are ISO 8601 in UTC. What each file holds:',
    '',
    ...parts,
    '',
  ].join('\n');
  const readmeBytes = Buffer.from(readme, 'utf8');
  entries.unshift({ path: 'README.txt', size: readmeBytes.length, content: readmeBytes });
  return entries;
}

/**
 * A ZIP of the entries, streamed. Entries are stored, not deflated: documents are mostly PDFs and
 * images that do not shrink, and with every size known up front yazl can say the archive's exact
 * size, which becomes Content-Length (the browser's download shows real progress).
 */
export function zipEntries(entries: Entry[], mtime: Date): { stream: Readable; size: Promise<number> } {
  const zip = new ZipFile();
  for (const entry of entries) {
    const options = { mtime, mode: 0o100644, compress: false };
    if (Buffer.isBuffer(entry.content)) {
      zip.addBuffer(entry.content, entry.path, options);
    } else {
      const open = entry.content;
      // A lazy stream: the stored file is opened only when the archive reaches it.
      zip.addReadStreamLazy(entry.path, { ...options, size: entry.size }, (callback) => {
        open().then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
        );
      });
    }
  }
  const size = new Promise<number>((resolve) => zip.end(undefined, ((total: number) => resolve(total)) as unknown as () => void));
  return { stream: zip.outputStream as unknown as Readable, size };
}
