import express, { type Express, type Router } from 'express';
import { forwardedContext, forwardedJsonBody, problemHandler, problems, sendProblem, type Logger } from '@cc/platform';
import { SessionStore } from '../auth/sessions';
import type { Foundation } from '../composition/foundation';

/**
 * The HTTP side of a service behind the gateway: `/health` for the orchestrator, the internal
 * routers (their own authentication), and the public routes the gateway forwards, which answer
 * only a request whose forwarded context carries the shared secret's signature.
 */
export function serviceApp(options: {
  logger: Logger;
  secret: string;
  foundation: Foundation;
  internal?: Router[];
  routes?: Router[];
  /** Path prefixes whose body the route reads raw (an upload, a webhook's signed bytes). */
  rawBodyPaths?: string[];
  healthy?: () => boolean;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/health', async (_req, res) => {
    const database = await options.foundation.knex.raw('select 1').then(
      () => true,
      () => false,
    );
    const ok = database && options.foundation.migrationsDone() && (options.healthy?.() ?? true);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable' });
  });
  for (const router of options.internal ?? []) app.use(router);
  const jsonBody = forwardedJsonBody('1mb');
  const raw = (url: string) => (options.rawBodyPaths ?? []).some((prefix) => url.startsWith(prefix));
  // Sessions live in the shared database: a streamed answer's write is recorded there directly.
  const sessions = new SessionStore(options.foundation.knex, () => false);
  app.use(
    '/api',
    forwardedContext({
      secret: options.secret,
      logger: options.logger,
      recordLateWrite: (id, position) => sessions.recordWriteOf(id, position),
    }),
  );
  app.use('/api', (req, res, next) => (raw(req.originalUrl) ? next() : jsonBody(req, res, next)));
  for (const router of options.routes ?? []) app.use(router);
  app.use((req, res) =>
    sendProblem(res, problems.notFound(`There is no ${req.method} ${req.originalUrl.split('?')[0]}.`), req.originalUrl),
  );
  app.use(problemHandler(options.logger));
  return app;
}
