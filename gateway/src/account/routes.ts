import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import {
  ACCOUNT_MESSAGES,
  changePasswordBody,
  deleteAccountBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  type AccountInfo,
} from '@cc/contracts';
import type { AccountCommands } from '@cc/command-service';
import {
  afterAnswer,
  commandMetadata,
  contextOf,
  HttpProblem,
  parseOrProblem,
  problems,
  requireAuth,
  type AccountDataContributor,
  type GlobalPosition,
  type Logger,
} from '@cc/platform';
import type { Accounts } from '../auth/accounts';
import type { PasswordResets } from '../auth/passwordResets';
import { SESSION_COOKIE, type Session, type SessionStore } from '../auth/sessions';
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from '../auth/throttle';
import type { AccountErasure } from './erasure';
import { collectExport, zipEntries } from './export';

export interface AccountRoutesDeps {
  knex: Knex;
  accounts: Accounts;
  sessions: SessionStore;
  account: AccountCommands;
  resets: PasswordResets;
  erasure: AccountErasure;
  contributors: readonly AccountDataContributor[];
  waitForReadModels(position: GlobalPosition): Promise<void>;
  logger: Logger;
  secureCookies(req: Request): boolean;
}

/** Wrong passwords given to change or delete an account: a stolen session must not become a password oracle. */
const PASSWORD_CHECKS = { maxFailures: 5 };

const resetLinkInvalid = () => new HttpProblem(400, 'reset-link-invalid', 'Invalid or expired link', ACCOUNT_MESSAGES.resetLinkInvalid);

/**
 * Password reset, password change, "Export my data" and "Delete my account" (spec doc 2 §2.4;
 * docs/decisions/privacy-and-erasure.md).
 */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  const router = Router();

  /** Re-checks the signed-in user's password, counting failures per account. */
  const checkPassword = async (userId: string, password: string, field: string, res: Response) => {
    const key = `account:${userId}`;
    const wait = await loginBlockedFor(deps.knex, [{ key, maxFailures: PASSWORD_CHECKS.maxFailures }]);
    if (wait !== undefined)
      throw problems.tooManyRequests(`Too many wrong passwords. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`, wait);
    if (await deps.accounts.verifyUser(userId, password, abandonedSignal(res))) {
      await clearLoginFailures(deps.knex, key);
      return;
    }
    await recordLoginFailure(deps.knex, [key]);
    throw problems.validation([{ field, message: ACCOUNT_MESSAGES.wrongPassword }]);
  };

  /**
   * Always 202 with the same words, known address or not, and answered before the address is even
   * looked up, so neither the answer nor its timing tells whether an account exists. Recording the
   * request is work after the answer: a graceful shutdown waits for it (`afterAnswer`). The e-mail
   * is the notifications worker's (it mints the link).
   */
  router.post('/api/auth/password-reset', async (req, res) => {
    const { email } = parseOrProblem(passwordResetRequestBody, req.body);
    const metadata = commandMetadata(res);
    const log = contextOf(res).logger;
    afterAnswer(
      async () => {
        const userId = await deps.accounts.findByEmail(email);
        const credentials = userId ? await deps.accounts.credentials(userId) : undefined;
        // An account that signs in only through its identity provider gets no password this way.
        if (!userId || !credentials?.hasPassword) return;
        const recorded = await deps.account.requestPasswordReset(userId, { ...metadata, userId: null });
        log.info({ recorded: Boolean(recorded) }, 'password reset asked for');
      },
      (error) => log.warn({ err: error }, 'recording a password reset request failed'),
    );
    res.status(202).json({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  router.post('/api/auth/password-reset/confirm', async (req, res) => {
    const body = parseOrProblem(passwordResetConfirmBody, req.body);
    const found = await deps.resets.peek(body.token);
    if (!found) throw resetLinkInvalid();
    const passwordHash = await deps.accounts.hashNewPassword(body.password, abandonedSignal(res));
    const changed = await deps.knex.transaction(async (trx) => {
      if (!(await deps.resets.consume(trx, found.requestId))) return false;
      await deps.accounts.setPasswordHash(found.userId, passwordHash, trx);
      return true;
    });
    if (!changed) throw resetLinkInvalid();
    const current = res.locals.session as Session | undefined;
    // Whoever knew the old password is signed out everywhere.
    await deps.sessions.destroyAllOf(found.userId, current?.userId === found.userId ? current.idHash : undefined);
    const credentials = await deps.accounts.credentials(found.userId);
    if (credentials) await clearLoginFailures(deps.knex, `email:${credentials.email}`);
    await deps.account.recordPasswordChange(found.userId, 'reset', { ...commandMetadata(res), userId: found.userId });
    res.status(204).end();
  });

  router.post('/api/auth/password', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(changePasswordBody, req.body);
    const credentials = await deps.accounts.credentials(auth.userId);
    if (!credentials?.hasPassword) throw problems.validation([{ field: 'currentPassword', message: ACCOUNT_MESSAGES.noPassword }]);
    await checkPassword(auth.userId, body.currentPassword, 'currentPassword', res);
    const passwordHash = await deps.accounts.hashNewPassword(body.newPassword, abandonedSignal(res));
    await deps.accounts.setPasswordHash(auth.userId, passwordHash);
    await deps.sessions.destroyAllOf(auth.userId, auth.sessionId);
    await deps.account.recordPasswordChange(auth.userId, 'change', commandMetadata(res));
    res.status(204).end();
  });

  router.get('/api/account', async (_req, res) => {
    const auth = requireAuth(res);
    const credentials = await deps.accounts.credentials(auth.userId);
    if (!credentials) throw problems.notFound('Account not found.');
    const info: AccountInfo = {
      userId: auth.userId,
      email: credentials.email,
      createdAt: credentials.createdAt.toISOString(),
      hasPassword: credentials.hasPassword,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(info);
  });

  /** Every part registered in the account-data registry, as one ZIP streamed with its exact size. */
  router.get('/api/account/export', async (_req, res) => {
    const auth = requireAuth(res);
    const now = new Date();
    const entries = await collectExport(auth.userId, deps.contributors, now);
    const { stream, size } = zipEntries(entries, now);
    const total = await size;
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="claims-copilot-data-${now.toISOString().slice(0, 10)}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    if (total >= 0) res.setHeader('Content-Length', String(total));
    contextOf(res).logger.info({ entries: entries.length, bytes: total }, 'data export');
    try {
      await pipeline(stream, res);
    } catch (error) {
      // Headers are gone: the client sees a broken download rather than a wrong archive.
      contextOf(res).logger.warn({ err: error }, 'data export stopped');
      res.destroy();
    }
  });

  /**
   * Deletes the account after the password is given again (or, for an account without a password,
   * its e-mail address): `AccountErased` is recorded, then everything the account left is erased
   * (docs/decisions/privacy-and-erasure.md), and the read models have dropped its rows before the answer.
   */
  router.delete('/api/account', async (req, res) => {
    const auth = requireAuth(res);
    const body = parseOrProblem(deleteAccountBody, req.body);
    const credentials = await deps.accounts.credentials(auth.userId);
    if (!credentials) throw problems.notFound('Account not found.');
    if (credentials.hasPassword) {
      await checkPassword(auth.userId, body.password ?? '', 'password', res);
    } else if (body.email?.toLowerCase() !== credentials.email) {
      throw problems.validation([{ field: 'email', message: ACCOUNT_MESSAGES.deleteConfirmEmail }]);
    }
    const result = await deps.account.erase(auth.userId, commandMetadata(res));
    await deps.erasure.complete(auth.userId);
    if (result.position) await deps.waitForReadModels(result.position);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies(req) });
    res.status(204).end();
  });

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
