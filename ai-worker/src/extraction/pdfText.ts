import { spawn } from 'node:child_process';

/**
 * Runs in the child: reads a PDF from stdin, writes {"text": "..."} or {"error": "..."}. Passed
 * inline so it runs the same whether this module is loaded as ESM (the app) or CommonJS (jest).
 */
const CHILD = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
try {
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
  const { text } = await extractText(pdf, { mergePages: true });
  process.stdout.write(JSON.stringify({ text }));
} catch {
  process.stdout.write(JSON.stringify({ error: 'unreadable' }));
}
`;

/**
 * The text of a PDF, or undefined when it cannot be read. Untrusted PDFs are parsed in a child
 * process with a 256 MB heap and a time limit, so a hostile file cannot take the app down.
 */
export function pdfText(bytes: Uint8Array, timeoutMs = 30_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=256', '--input-type=module', '-e', CHILD], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', () => {
      clearTimeout(timer);
      try {
        const parsed = JSON.parse(output) as { text?: string };
        resolve(typeof parsed.text === 'string' ? parsed.text : undefined);
      } catch {
        resolve(undefined);
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(Buffer.from(bytes));
  });
}
