import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE } from '@cc/contracts';
import { HttpProblem } from './problem';

const STATUS_OF: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * Node refuses a request it cannot parse (a control character in a header, a malformed request
 * line, oversized headers) or whose head took too long before Express sees it, with a bare 400 or
 * 408 and no body. This gives that refusal a problem-details body like every other one. As Node's own handler does, it answers only
 * on a connection that has not written anything yet; otherwise the connection is dropped.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const status = STATUS_OF[error.code ?? ''] ?? 400;
    const problem = new HttpProblem(
      status,
      'bad-request',
      STATUS_CODES[status] ?? 'Bad request',
      'The request could not be read: it is not well-formed HTTP.',
    );
    const body = JSON.stringify(problem.toBody());
    // Closed once written, as Node's own handler does: an HTTP socket is half-open, so ending it
    // alone would leave it open for as long as a slow-loris sender keeps writing.
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}
