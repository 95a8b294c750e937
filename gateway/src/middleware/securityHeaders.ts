import type { RequestHandler } from 'express';

/** What Stripe.js needs when Stripe is the payment provider (its script, its frames, its API). */
const STRIPE_SOURCES = {
  script: 'https://js.stripe.com',
  frame: 'https://js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
};

const policy = (stripe: boolean) =>
  [
    "default-src 'self'",
    ...(stripe ? [`script-src 'self' ${STRIPE_SOURCES.script}`, `frame-src ${STRIPE_SOURCES.frame}`] : []),
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Everything the page sends, uploads included, goes to this origin.
    stripe ? `connect-src 'self' ${STRIPE_SOURCES.connect}` : "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

export function securityHeaders(options: { stripe?: boolean } = {}): RequestHandler {
  const header = policy(Boolean(options.stripe));
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', header);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  };
}
