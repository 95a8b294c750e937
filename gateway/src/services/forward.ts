import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Request } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { contextOf, forwardedContextHeaders, parsePosition, problems, sendProblem, WRITE_POSITION_HEADER, type Logger } from '@cc/platform';

/**
 * Forwards the requests `accepts` picks to a service over HTTP (http-proxy-middleware), after the
 * gateway's own edge (CSRF, body limits, session) has run: the session's user goes along as a
 * signed context, the session cookie does not. Bodies the gateway read as JSON are written again;
 * raw ones (uploads, the webhook) stream through untouched, as do answers (SSE included). The
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
        for (const [name, value] of Object.entries(forwardedContextHeaders(options.secret, { method: req.method, url: req.originalUrl }, ctx))) {
          proxyReq.setHeader(name, value);
        }
        fixRequestBody(proxyReq, req);
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
        sendProblem(res as never, problems.unavailable('This part of Claims Copilot is not reachable right now. Please try again in a moment.'), (req as Request).originalUrl);
      },
    },
  });
  const router = Router();
  router.use(proxy);
  return router;
}
