import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { PROBLEM_CONTENT_TYPE, UPLOAD_PATH_PREFIX } from '@cc/contracts';
import type { HttpTimeouts } from '../config';
import { answerMalformedRequests } from './malformedRequests';
import { HttpProblem } from './problem';

/** An upload that brings less than this in one stall window is a sender that stopped (or dribbles). */
export const MIN_UPLOAD_BYTES_PER_STALL_WINDOW = 16 * 1024;

/**
 * Node's own limit on a whole request is set this far past the upload transfer limit, so the upload
 * route's own cut (a 408 that frees the address) always comes first; Node's is the backstop.
 */
const TRANSFER_MARGIN_MS = 30_000;

/** Uploads are the one kind of request whose body may take minutes. */
export const isUploadRequest = (req: IncomingMessage): boolean => req.method === 'PUT' && (req.url ?? '').startsWith(UPLOAD_PATH_PREFIX);

/**
 * Every HTTP server of the project (the one-process app and each service's own) is made here, so
 * each applies the same deliberate limits on a client (docs/decisions/reliability.md):
 * - the request head must arrive within `headersTimeoutMs` (a slow-loris sending headers byte by
 *   byte, or a connection that sends nothing, is answered 408 and closed);
 * - an upload's body gets the whole `uploadTransferLimitMs` (its route cuts it there and frees the
 *   address), but must keep moving: less than 16 KB in an `uploadStallMs` window is a stall, cut off;
 * - any other request's body must have arrived `requestTimeoutMs` after the request started.
 * An answer taking long (an analysis waited for, a streamed chat answer, a download) is not limited:
 * only what the client sends is. Node's defaults (a 300 s limit for every request) cut uploads at
 * half their limit and let a slow-loris hold a connection for minutes.
 */
export function createHttpServer(handler: RequestListener, timeouts: HttpTimeouts): Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: Math.max(timeouts.uploadTransferLimitMs + TRANSFER_MARGIN_MS, timeouts.requestTimeoutMs, timeouts.headersTimeoutMs),
      // Node looks for expired heads every 30 s by default, which adds up to 30 s to the limit.
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    handler,
  );
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isUploadRequest(req)) cutStalledTransfer(req, res, timeouts.uploadStallMs);
    else limitBodyTime(req, res, timeouts.requestTimeoutMs);
  });
  answerMalformedRequests(server);
  return server;
}

/**
 * A 408 problem, then the connection closes as soon as it is written: the request's body ends
 * there, so an upload route fails its transfer (and frees the address) at once. No lingering read:
 * the sender was too slow, not too much.
 */
function cut(req: IncomingMessage, res: ServerResponse, detail: string): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const body = JSON.stringify(new HttpProblem(408, 'request-timeout', 'Request timeout', detail).toBody(req.url));
  res.writeHead(408, { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  // Node no longer aborts a request whose answer is done, so a route still reading it (an upload
  // streaming into storage) would wait for a body that never comes: end it here.
  res.end(body, () => {
    if (!req.complete) req.destroy();
  });
}

function limitBodyTime(req: IncomingMessage, res: ServerResponse, limitMs: number): void {
  const timer = setTimeout(() => {
    if (!req.complete) cut(req, res, 'The request took too long to arrive. Please try again.');
  }, limitMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

function cutStalledTransfer(req: IncomingMessage, res: ServerResponse, windowMs: number): void {
  const socket = req.socket;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (req.complete) return clearInterval(timer);
    const moved = socket.bytesRead - seen;
    seen = socket.bytesRead;
    // Bytes waiting in our own buffers mean the app is behind (storage is slow), not the sender.
    if (moved >= MIN_UPLOAD_BYTES_PER_STALL_WINDOW || socket.readableLength > 0 || req.readableLength > 0) return;
    clearInterval(timer);
    cut(req, res, 'The upload stopped arriving. Please try again.');
  }, windowMs);
  timer.unref();
  res.once('close', () => clearInterval(timer));
}
