import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Knex } from 'knex';
import { loginBody, registerBody, TERMS_VERSION, type User } from '@cc/contracts';
import { contextOf, parseOrProblem, problems, requireAuth, type GlobalPosition } from '@cc/platform';
import { clientAddress } from '../middleware/clientAddress';
import { clientRateLimit } from '../middleware/rateLimit';
import type { Accounts } from './accounts';
import type { AdministratorPolicy } from './administrators';
import type { HashLane, HashQueue } from './hashQueue';
import type { Oidc } from './oidc';
import type { SessionStore } from './sessions';
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from './throttle';

export interface AuthRoutesDeps {
  knex: Knex;
  accounts: Accounts;
  sessions: SessionStore;
  findUser(userId: string): Promise<User | undefined>;
  /** Waits (bounded) until the asynchronous read models (only `readModels`, when named) have applied `position`. */
  waitForReadModels(position: GlobalPosition, readModels?: readonly string[]): Promise<void>;
  oidc: Oidc | undefined;
  administrators: AdministratorPolicy;
  /** The queue the accounts hash through; a full lane is answered before anything else runs. */
  hashes: HashQueue;
  /** Failed sign-ins allowed per e-mail and per address within the window. */
  throttle?: { perEmail: number; perAddress: number };
  /** Sign-ups and sign-ins (one budget) per client address and minute; 0 = no limit. */
  ipLimitPerMinute: number;
  /** How long a refusal by the guards is held before it is answered (default 1 s). */
  refusalPauseMs?: number;
}

/**
 * What may refuse a route that costs a password hash before its body is even read: a full hashing
 * queue (503) and the per-client limit (429), in that order, so a flood is answered as cheaply as
 * possible. Every such route takes from one budget per client (password reset too, when it comes).
 *
 * A refusal is answered after a pause (a timer: no CPU). Answered at once, a client that ignores
 * Retry-After loops as fast as the server can refuse, and refusals by the thousand a second take a
 * core away from the sign-ins the queue keeps room for; paused, each connection gets one a second.
 */
export function authGuards(deps: Pick<AuthRoutesDeps, 'knex' | 'hashes' | 'ipLimitPerMinute' | 'refusalPauseMs'>): Router {
  const router = Router();
  const limitPerClient = clientRateLimit({ knex: deps.knex, bucket: 'auth', perMinute: deps.ipLimitPerMinute });
  const roomToHash =
    (lane: HashLane): RequestHandler =>
    (_req, _res, next) => {
      deps.hashes.assertRoom(lane);
      next();
    };
  router.post('/api/auth/register', roomToHash('sign-up'), limitPerClient);
  router.post('/api/auth/login', roomToHash('sign-in'), limitPerClient);
  // The password reset (asking costs no hash, but sends an e-mail), choosing the new
  // password, and the routes that check the signed-in user's password again.
  router.post('/api/auth/password-reset', limitPerClient);
  router.post('/api/auth/password-reset/confirm', roomToHash('sign-up'), limitPerClient);
  router.post('/api/auth/password', roomToHash('sign-in'), limitPerClient);
  router.delete('/api/account', roomToHash('sign-in'), limitPerClient);
  const pauseMs = deps.refusalPauseMs ?? 1000;
  router.use(async (error: unknown, _req: Request, _res: Response, next: NextFunction) => {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    next(error);
  });
  return router;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = Router();
  const throttle = deps.throttle ?? { perEmail: 5, perAddress: 50 };

  const signedInUser = async (userId: string, position?: GlobalPosition) => {
    // The answer reads the user profile alone (kept inline on PostgreSQL, so no wait there).
    if (position) await deps.waitForReadModels(position, ['user_profiles']);
    const user = await deps.findUser(userId);
    if (!user) throw problems.unavailable('Your account is being set up. Please try again in a moment.');
    return user;
  };

  router.post('/api/auth/register', async (req, res) => {
    const body = parseOrProblem(registerBody, req.body);
    await deps.administrators.assertMayRegister(body.email, deps.accounts.findByEmail);
    const { userId, position } = await deps.accounts.register(
      {
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        consent: { ageConfirmed: body.ageConfirmed, termsVersion: TERMS_VERSION, acceptedAt: new Date().toISOString() },
      },
      { correlationId: contextOf(res).correlationId },
      abandonedSignal(res),
    );
    await deps.sessions.create(req, res, userId, position);
    res.status(201).json({ user: await signedInUser(userId, position) });
  });

  router.post('/api/auth/login', async (req, res) => {
    const body = parseOrProblem(loginBody, req.body);
    const keys = [`email:${body.email}`, `ip:${clientAddress(req)}`];
    const wait = await loginBlockedFor(deps.knex, [
      { key: keys[0]!, maxFailures: throttle.perEmail },
      { key: keys[1]!, maxFailures: throttle.perAddress },
    ]);
    if (wait !== undefined) {
      throw problems.tooManyRequests(
        `Too many failed sign-in attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
        wait,
      );
    }
    const userId = await deps.accounts.verify(body.email, body.password, abandonedSignal(res));
    if (!userId) {
      await recordLoginFailure(deps.knex, keys);
      throw problems.unauthorized('Incorrect e-mail or password.');
    }
    await clearLoginFailures(deps.knex, keys[0]!);
    await deps.sessions.create(req, res, userId);
    res.json({ user: await signedInUser(userId) });
  });

  router.get('/api/auth/user', async (_req, res) => {
    requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json(res.locals.user as User);
  });

  router.get('/api/login', async (req, res) => {
    if (deps.oidc) return deps.oidc.redirectToProvider(req, res);
    res.redirect(302, '/login');
  });

  router.get('/api/logout', async (req, res) => {
    await deps.sessions.destroy(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, '/');
  });

  if (deps.oidc) {
    const oidc = deps.oidc;
    router.get('/api/callback', async (req, res) => oidc.handleCallback(req, res));
  }

  return router;
}

/** Aborts when the client goes away before its answer, so a hash still waiting for its turn is skipped. */
function abandonedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
