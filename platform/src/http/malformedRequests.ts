import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_CONTENT_TYPE } from '@cc/contracts';
import { endLingering, isLingering } from './lingeringClose';
import { HttpProblem } from './problem';

const STATUS_OF: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * Node refuses a request it cannot parse (a control character in a header, a malformed request
 * line, oversized headers) or whose head took too long before Express sees it, with a bare 400 or
 * 408 and no body. This gives that refusal a problem-details body like every other one. As Node's
 * own handler does, it answers only on a connection that is not in the middle of another answer;
 * otherwise the connection is dropped.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // The sender is gone: a reset, or its end in the middle of a request (an upload cut off). Nobody is
    // left to answer, and the request in progress must end: destroyed, the socket makes Node abort
    // it, so the route reading it fails at once (an upload frees its address) instead of waiting.
    if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
      socket.destroy();
      return;
    }
    // Node's parser refuses every later chunk of a refused connection too: what still comes is read
    // and dropped until the connection's linger ends.
    if (isLingering(socket)) return;
    // An answer already under way on this connection cannot be followed by another; an earlier
    // request's answer, complete, is no obstacle (a kept-alive connection's next request).
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (!socket.writable || answering?.headersSent) {
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
    const answer = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      // Too slow, not too much: closed once written, as Node's own handler does (an HTTP socket is
      // half-open, so ending it alone would leave it open while a slow-loris keeps writing).
      socket.end(answer, () => socket.destroy());
      return;
    }
    // A client may still be sending (an address longer than the 16 KB of head Node reads): closed at
    // once with its bytes unread, the connection is reset and the client sees the reset, not this
    // answer. So it closes as a refused body's does (lingeringClose.ts).
    endLingering(socket, answer);
  });
}
