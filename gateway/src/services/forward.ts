import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  contextOf,
  forwardedContextHeaders,
  HttpProblem,
  parsePosition,
  problems,
  sendProblem,
  WRITE_POSITION_HEADER,
  type ForwardedBody,
  type Logger,
} from '@cc/platform';

/**
 * Forwards the requests `accepts` picks to a service over HTTP (http-proxy-middleware), after the
 * gateway's own edge (CSRF, body limits, session) has run: the session's user goes along as a
 * signed context, the session cookie does not. Bodies the gateway read as JSON are written again
 * and their digest signed; raw ones (uploads, the webhook) stream through untouched with their
 * declared length signed, as answers do (SSE included). The
 * position a command reached comes back in a header and is recorded in the session before the
 * answer is passed on, so the next request waits for it (read-your-writes).
 */
export function forwardTo(options: { target: string; secret: string; logger: Logger; accepts(req: Request): boolean }): Router {
  const proxy = createProxyMiddleware<Request, ServerResponse>({
    target: options.target,
    pathFilter: (_path, req) => options.accepts(req),
    selfHandleResponse: true,
    proxyTimeout: 10 * 60_000,
    on: {
      proxyReq(proxyReq, req, res) {
        proxyReq.removeHeader('cookie');
        const ctx = contextOf(res as never);
        // The gateway's JSON parser consumed the body: it is written again, as the bytes signed.
        const json = req.readableEnded && req.body !== undefined ? JSON.stringify(req.body) : undefined;
        const body: ForwardedBody = json !== undefined ? { bytes: json } : { streamedLength: Number(req.headers['content-length'] ?? 0) };
        for (const [name, value] of Object.entries(
          forwardedContextHeaders(options.secret, { method: req.method, url: req.originalUrl, body }, ctx),
        )) {
          proxyReq.setHeader(name, value);
        }
        if (json !== undefined) {
          proxyReq.removeHeader('transfer-encoding');
          proxyReq.setHeader('content-type', 'application/json');
          proxyReq.setHeader('content-length', Buffer.byteLength(json));
          proxyReq.write(json);
        }
      },
      proxyRes(proxyRes: IncomingMessage, req, res) {
        void (async () => {
          const position = parsePosition(proxyRes.headers[WRITE_POSITION_HEADER] as string | undefined);
          delete proxyRes.headers[WRITE_POSITION_HEADER];
          if (position) await contextOf(res as never).recordWrite(position);
          res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, proxyRes.headers);
          proxyRes.pipe(res);
        })().catch((error: unknown) => {
          options.logger.error({ err: error, url: req.originalUrl }, 'passing on a service answer failed');
          res.destroy();
        });
      },
      error(error, req, res) {
        options.logger.error({ err: error, target: options.target, url: (req as Request).originalUrl }, 'a service could not be reached');
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        sendProblem(
          res as never,
          problems.unavailable('This part of Claims Copilot is not reachable right now. Please try again in a moment.'),
          (req as Request).originalUrl,
        );
      },
    },
  });
  const router = Router();
  // A body streamed through is signed by its declared length, which a chunked body has not.
  router.use((req, _res, next) => {
    if (options.accepts(req) && req.headers['transfer-encoding'] && !req.readableEnded) {
      throw new HttpProblem(411, 'length-required', 'Length required', 'Send this request with a Content-Length.');
    }
    next();
  });
  router.use(proxy);
  return router;
}
