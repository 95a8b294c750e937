import type { RequestHandler } from 'express';
import { problems, sendProblem } from '@cc/platform';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Mutating API calls must be same-origin JSON. A browser always sends Origin on a cross-site POST,
 * and a cross-site page cannot send `Content-Type: application/json` without a CORS preflight, which
 * this server never grants. `rawBody` names the paths that take a file as the body (the signed
 * upload address); they are still same-origin only.
 */
export function sameOriginJson(options: { rawBody?: (path: string) => boolean } = {}): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const expectedHost = req.headers.host;
    if (origin !== undefined && (origin === 'null' || hostOf(origin) !== expectedHost)) {
      return sendProblem(res, problems.forbidden('Cross-origin requests are refused.'), req.originalUrl);
    }
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return sendProblem(res, problems.forbidden('Cross-site requests are refused.'), req.originalUrl);
    }
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !options.rawBody?.(req.originalUrl) && !req.is('application/json')) {
      return sendProblem(res, problems.unsupportedMediaType('Requests must send JSON (Content-Type: application/json).'), req.originalUrl);
    }
    next();
  };
}
