import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { loginBody, registerBody, type User } from '@cc/contracts';
import { contextOf, parseOrProblem, problems, requireAuth, type GlobalPosition } from '@cc/platform';
import type { Accounts } from './accounts';
import type { Oidc } from './oidc';
import type { SessionStore } from './sessions';
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from './throttle';

export interface AuthRoutesDeps {
  knex: Knex;
  accounts: Accounts;
  sessions: SessionStore;
  findUser(userId: string): Promise<User | undefined>;
  waitForReadModels(position: GlobalPosition): Promise<void>;
  oidc: Oidc | undefined;
  /** Failed sign-ins allowed per e-mail and per address within the window. */
  throttle?: { perEmail: number; perAddress: number };
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = Router();
  const throttle = deps.throttle ?? { perEmail: 5, perAddress: 50 };

  const signedInUser = async (userId: string, position?: GlobalPosition) => {
    if (position) await deps.waitForReadModels(position);
    const user = await deps.findUser(userId);
    if (!user) throw problems.unavailable('Your account is being set up. Please try again in a moment.');
    return user;
  };

  router.post('/api/auth/register', async (req, res) => {
    const body = parseOrProblem(registerBody, req.body);
    const { userId, position } = await deps.accounts.register(
      { email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName },
      { correlationId: contextOf(res).correlationId },
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
    const userId = await deps.accounts.verify(body.email, body.password);
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

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
