import type { RequestHandler } from 'express';

const csp = (connectSources: readonly string[]) => [
  "default-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src ${["'self'", ...connectSources].join(' ')}`,
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** `connectSources`: other origins the page may send to, e.g. the S3 endpoint that takes uploads. */
export function securityHeaders(connectSources: readonly string[] = []): RequestHandler {
  const policy = csp(connectSources);
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  };
}
