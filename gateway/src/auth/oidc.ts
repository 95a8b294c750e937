import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { Issuer, generators, type BaseClient } from 'openid-client';
import { HttpProblem, problems, type AppConfig, type GlobalPosition, type Logger } from '@cc/platform';
import type { Accounts } from './accounts';
import type { AdministratorPolicy } from './administrators';
import { readCookie, type SessionStore } from './sessions';

export interface OidcDeps {
  config: NonNullable<AppConfig['oidc']>;
  publicUrl: string | undefined;
  knex: Knex;
  accounts: Accounts;
  administrators: AdministratorPolicy;
  sessions: SessionStore;
  logger: Logger;
}

export interface Oidc {
  redirectToProvider(req: Request, res: Response): Promise<void>;
  handleCallback(req: Request, res: Response): Promise<void>;
}

const STATE_TTL_MS = 10 * 60_000;
/** Binds a sign-in to the browser that started it (without it, anyone's callback link signs you in). */
const STATE_COOKIE = 'cc_oidc_state';

const sameString = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What may be logged of a refused callback: never the id_token (openid-client puts it on the error as `jwt`). */
const safeError = (error: unknown) => {
  const e = error as { name?: string; message?: string; error?: string; error_description?: string };
  return { name: e?.name, message: e?.message, error: e?.error, error_description: e?.error_description };
};

/**
 * Sign-in through an OpenID Connect provider: authorization code flow with PKCE, state and nonce
 * kept server-side. The provider is discovered on first use, so a provider that is down at start-up
 * only affects sign-in, not the app.
 */
export function createOidc(deps: OidcDeps): Oidc {
  let client: Promise<BaseClient> | undefined;
  const getClient = () => {
    client ??= Issuer.discover(deps.config.issuerUrl)
      .then(
        (issuer) =>
          new issuer.Client({
            client_id: deps.config.clientId,
            client_secret: deps.config.clientSecret,
            token_endpoint_auth_method: deps.config.clientSecret ? 'client_secret_basic' : 'none',
            response_types: ['code'],
          }),
      )
      .catch((error) => {
        client = undefined;
        deps.logger.error({ err: error }, 'OpenID Connect discovery failed');
        throw problems.unavailable('Sign-in is temporarily unavailable. Please try again later.');
      });
    return client;
  };

  // PUBLIC_URL is often written with a trailing slash; `https://x.org//api/callback` would not match the registered URI.
  const redirectUri = (req: Request) =>
    deps.config.redirectUri ?? `${(deps.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '')}/api/callback`;
  const stateCookieOptions = (req: Request) => ({
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to the callback.
    sameSite: 'lax' as const,
    secure: req.secure || Boolean(deps.publicUrl?.startsWith('https:')),
    path: '/',
  });

  return {
    async redirectToProvider(req, res) {
      const oidcClient = await getClient();
      const state = generators.state();
      const nonce = generators.nonce();
      const codeVerifier = generators.codeVerifier();
      await deps.knex('oidc_login_states').where('expires_at', '<', deps.knex.fn.now()).del();
      await deps.knex('oidc_login_states').insert({
        state,
        nonce,
        code_verifier: codeVerifier,
        expires_at: new Date(Date.now() + STATE_TTL_MS),
      });
      res.cookie(STATE_COOKIE, state, { ...stateCookieOptions(req), maxAge: STATE_TTL_MS });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(
        302,
        oidcClient.authorizationUrl({
          scope: deps.config.scopes,
          redirect_uri: redirectUri(req),
          state,
          nonce,
          code_challenge: generators.codeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        }),
      );
    },

    async handleCallback(req, res) {
      const oidcClient = await getClient();
      const params = oidcClient.callbackParams(req);
      const browserState = readCookie(req, STATE_COOKIE);
      res.clearCookie(STATE_COOKIE, stateCookieOptions(req));
      res.setHeader('Cache-Control', 'no-store');
      // Only the browser that started this sign-in may finish it (login CSRF), and only once.
      const state = typeof params.state === 'string' && browserState && sameString(params.state, browserState) ? params.state : undefined;
      // Taken atomically, so two concurrent uses of one callback cannot both pass.
      const [saved] = state
        ? await deps.knex('oidc_login_states').where({ state }).del().returning(['state', 'nonce', 'code_verifier', 'expires_at'])
        : [];
      if (params.error) throw problems.badRequest(`Sign-in was not completed: ${params.error_description ?? params.error}.`);
      if (!saved || new Date(saved.expires_at).getTime() <= Date.now()) {
        throw problems.badRequest('This sign-in link has expired or was opened in another browser. Please sign in again.');
      }

      let claims;
      try {
        const tokens = await oidcClient.callback(redirectUri(req), params, {
          state: saved.state,
          nonce: saved.nonce,
          code_verifier: saved.code_verifier,
        });
        claims = tokens.claims();
      } catch (error) {
        deps.logger.warn({ err: safeError(error) }, 'OpenID Connect callback refused');
        throw new HttpProblem(401, 'unauthorized', 'Unauthorized', 'The identity provider did not confirm your sign-in. Please try again.');
      }

      const issuer = String(claims.iss);
      const identity = await deps.knex('oidc_identities').where({ issuer, subject: claims.sub }).first('user_id');
      let userId: string | undefined = identity?.user_id;
      let position: GlobalPosition | undefined;
      if (!userId) {
        const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
        if (!email) throw problems.badRequest('Your identity provider did not share an e-mail address, which Claims Copilot needs.');
        const existing = await deps.accounts.findByEmail(email);
        if (existing) {
          // Only a verified e-mail may take over an existing local account.
          if (claims.email_verified !== true) {
            throw problems.conflict('An account with this e-mail already exists. Sign in with your password instead.');
          }
          await deps.knex('oidc_identities').insert({ issuer, subject: claims.sub, user_id: existing });
          userId = existing;
        } else {
          const memberTier = deps.administrators.tierForIdentity(email, claims.email_verified === true);
          const created = await deps.accounts.register(
            {
              email,
              memberTier,
              firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
              lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
              oidc: { issuer, subject: claims.sub },
            },
            {},
          );
          userId = created.userId;
          position = created.position;
        }
      }
      await deps.sessions.create(req, res, userId, position);
      res.redirect(302, '/');
    },
  };
}
