/** The answer was larger than the caller accepts. */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * A fetch answer's body as UTF-8 text, read chunk by chunk and refused (ResponseTooLargeError) as
 * soon as it passes `maxBytes`, so a remote server cannot make the process hold an unbounded body.
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ResponseTooLargeError(maxBytes);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new ResponseTooLargeError(maxBytes);
      chunks.push(value);
    }
  } finally {
    if (size > maxBytes) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString('utf8');
}
