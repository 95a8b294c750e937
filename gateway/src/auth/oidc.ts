import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { Issuer, generators, type BaseClient } from 'openid-client';
import { HttpProblem, problems, type AppConfig, type GlobalPosition, type Logger } from '@cc/platform';
import type { Accounts } from './accounts';
import type { SessionStore } from './sessions';

export interface OidcDeps {
  config: NonNullable<AppConfig['oidc']>;
  publicUrl: string | undefined;
  knex: Knex;
  accounts: Accounts;
  sessions: SessionStore;
  logger: Logger;
}

export interface Oidc {
  redirectToProvider(req: Request, res: Response): Promise<void>;
  handleCallback(req: Request, res: Response): Promise<void>;
}

const STATE_TTL_MS = 10 * 60_000;

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

  const redirectUri = (req: Request) => deps.config.redirectUri ?? `${deps.publicUrl ?? `${req.protocol}://${req.get('host')}`}/api/callback`;

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
      if (params.error) throw problems.badRequest(`Sign-in was not completed: ${params.error_description ?? params.error}.`);
      const saved = params.state
        ? await deps.knex('oidc_login_states').where({ state: params.state }).andWhere('expires_at', '>', deps.knex.fn.now()).first()
        : undefined;
      if (!saved) throw problems.badRequest('This sign-in link has expired. Please sign in again.');
      await deps.knex('oidc_login_states').where({ state: saved.state }).del();

      let claims;
      try {
        const tokens = await oidcClient.callback(redirectUri(req), params, {
          state: saved.state,
          nonce: saved.nonce,
          code_verifier: saved.code_verifier,
        });
        claims = tokens.claims();
      } catch (error) {
        deps.logger.warn({ err: error }, 'OpenID Connect callback refused');
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
          const created = await deps.accounts.register(
            {
              email,
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
