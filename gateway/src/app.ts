import express, { type Express, type Router } from 'express';
import type { User } from '@cc/contracts';
import type { ProfileRow } from '@cc/projection-service/userProfiles/queries';
import { problemHandler, problems, sendProblem, type AppConfig, type GlobalPosition, type Logger } from '@cc/platform';
import { authGuards, authRoutes, type AuthRoutesDeps } from './auth/routes';
import type { SessionStore } from './auth/sessions';
import { JSON_BODY_LIMIT_BYTES } from './limits';
import { refuseControlCharacters } from './middleware/controlCharacters';
import { sameOriginJson } from './middleware/csrf';
import { jsonBody as readJsonBody } from './middleware/jsonBody';
import { requestContext } from './middleware/requestContext';
import { securityHeaders } from './middleware/securityHeaders';
import { staticFrontend } from './staticFrontend';

export interface AppDeps {
  config: Pick<AppConfig, 'trustProxy'>;
  logger: Logger;
  sessions: SessionStore;
  findUser(userId: string): Promise<User | undefined>;
  /** The user from the profile row the session's lookup joins; only where `user_profiles` is kept inline (requestContext.ts). */
  userOfProfile?: (row: ProfileRow) => User;
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  auth: AuthRoutesDeps;
  health: Router;
  /** Routes of the services, in the order they are tried. */
  serviceRoutes: Router[];
  frontendDist: string;
  /** Path prefixes whose body is read raw by their route: the upload addresses (a file), Stripe's webhook (signed bytes). */
  rawBodyPaths: string[];
  /** The per-user limits of the expensive routes (limits.ts), tried after the session is known and before the services. */
  userRateLimits?: Router;
  /** Stripe is the payment provider: the page may load Stripe.js and its frames. */
  stripe?: boolean;
}

/** The HTTP edge: headers, CSRF, sessions, the route table of every service, and the built frontend. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  const jsonBody = readJsonBody(JSON_BODY_LIMIT_BYTES);
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(securityHeaders({ stripe: deps.stripe }));
  const rawBody = (url: string) => deps.rawBodyPaths.some((prefix) => url.startsWith(prefix));
  app.use('/api', sameOriginJson({ rawBody }));
  // Before the body is parsed and the session loaded: refusing a flood must cost next to nothing.
  app.use(authGuards(deps.auth));
  // The upload address streams the file itself and the webhook checks its bytes; everything else under /api is JSON.
  app.use('/api', (req, res, next) => (rawBody(req.originalUrl) ? next() : jsonBody(req, res, next)));
  // Before the session is even looked up: no route, and so no command, sees a refused string.
  app.use('/api', refuseControlCharacters());
  app.use(deps.health);
  app.use('/api', requestContext(deps));
  app.use(authRoutes(deps.auth));
  if (deps.userRateLimits) app.use(deps.userRateLimits);
  for (const routes of deps.serviceRoutes) app.use(routes);
  app.use('/api', (req, res) =>
    sendProblem(res, problems.notFound(`There is no ${req.method} ${req.baseUrl}${req.path}.`), req.originalUrl),
  );
  app.use(staticFrontend(deps.frontendDist));
  app.use(problemHandler(deps.logger));
  return app;
}
