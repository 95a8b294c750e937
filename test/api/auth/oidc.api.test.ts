import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/*
 * End-to-end sign-in through OpenID Connect: the app talks over real HTTP to a small but real
 * provider started here (discovery, JWKS, authorization endpoint, token endpoint, RS256 id_tokens).
 * The test plays the browser: it follows every redirect itself, with one cookie jar per person.
 */

const CLIENT_ID = 'claims-copilot';
const CLIENT_SECRET = 'provider secret: with +/= and spaces';

interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** How the provider misbehaves in its next id_token(s); undefined = it behaves. */
type Tamper = 'nonce' | 'signature' | 'audience' | 'expired' | undefined;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  sub: string;
  expiresAt: number;
}

interface TestProvider {
  issuer: string;
  port: number;
  /** Redirect URIs registered for the client; anything else is refused at the authorization endpoint. */
  redirectUris: Set<string>;
  users: Map<string, ProviderUser>;
  tamper: Tamper;
  /** Every id_token issued, to check that none reaches the app's logs. */
  issuedTokens: string[];
  /** Every request the token endpoint answered, with its outcome. */
  tokenRequests: { status: number; error?: string }[];
  close(): Promise<void>;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');
const sameString = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  return jar;
}

/** A minimal OpenID Connect provider (authorization code + PKCE S256, client_secret_basic, RS256). */
async function startProvider(): Promise<TestProvider> {
  const signing = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const kid = 'provider-key-1';
  const jwk = { ...(await exportJWK(signing.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();

  const provider: TestProvider = {
    issuer: '',
    port: 0,
    redirectUris: new Set(),
    users: new Map(),
    tamper: undefined,
    issuedTokens: [],
    tokenRequests: [],
    close: async () => undefined,
  };

  const authorize = (url: URL, req: IncomingMessage, res: ServerResponse) => {
    const q = url.searchParams;
    // Errors about the client or its redirect URI must never redirect (RFC 6749 §4.1.2.1).
    if (q.get('client_id') !== CLIENT_ID) return sendJson(res, 400, { error: 'invalid_client' });
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!provider.redirectUris.has(redirectUri))
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'unregistered redirect_uri' });

    const state = q.get('state');
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
      if (state) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      res.end();
    };
    if (q.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) return back({ error: 'invalid_scope' });
    if (!state || state.length < 32) return back({ error: 'invalid_request', error_description: 'state required' });
    const nonce = q.get('nonce');
    if (!nonce || nonce.length < 32) return back({ error: 'invalid_request', error_description: 'nonce required' });
    const codeChallenge = q.get('code_challenge') ?? '';
    if (q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      return back({ error: 'invalid_request', error_description: 'PKCE with S256 required' });
    }

    // Who is signed in at the provider (its own session cookie), and whether they consent.
    const jar = cookiesOf(req);
    if (jar.get('op_consent') === 'deny') return back({ error: 'access_denied', error_description: 'The user cancelled' });
    const user = provider.users.get(jar.get('op_user') ?? '');
    if (!user) return sendJson(res, 401, { error: 'login_required' });

    const code = base64url(randomBytes(32));
    codes.set(code, { clientId: CLIENT_ID, redirectUri, codeChallenge, nonce, sub: user.sub, expiresAt: Date.now() + 60_000 });
    back({ code });
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const fail = (status: number, error: string, headers: Record<string, string> = {}) => {
      provider.tokenRequests.push({ status, error });
      sendJson(res, status, { error }, headers);
    };
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return fail(400, 'invalid_request');
    const body = new URLSearchParams(await readBody(req));

    // client_secret_basic: Basic base64(form-urlencoded id ":" form-urlencoded secret), RFC 6749 §2.3.1.
    const [scheme, credentials] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !credentials || body.has('client_secret'))
      return fail(401, 'invalid_client', { 'www-authenticate': 'Basic' });
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const id = formDecode(decoded.slice(0, colon));
    const secret = formDecode(decoded.slice(colon + 1));
    if (colon < 0 || id !== CLIENT_ID || !sameString(secret, CLIENT_SECRET))
      return fail(401, 'invalid_client', { 'www-authenticate': 'Basic' });

    if (body.get('grant_type') !== 'authorization_code') return fail(400, 'unsupported_grant_type');
    const code = body.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // one-time, whatever happens next
    if (!issued || issued.expiresAt < Date.now() || issued.clientId !== id) return fail(400, 'invalid_grant');
    if (body.get('redirect_uri') !== issued.redirectUri) return fail(400, 'invalid_grant');
    const verifier = body.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || base64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge) {
      return fail(400, 'invalid_grant');
    }

    const user = provider.users.get(issued.sub)!;
    const now = Math.floor(Date.now() / 1000);
    const tamper = provider.tamper;
    const idToken = await new SignJWT({
      nonce: tamper === 'nonce' ? base64url(randomBytes(32)) : issued.nonce,
      email: user.email,
      email_verified: user.email_verified,
      given_name: user.given_name,
      family_name: user.family_name,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(provider.issuer)
      .setAudience(tamper === 'audience' ? 'some-other-client' : CLIENT_ID)
      .setSubject(user.sub)
      .setIssuedAt(tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(tamper === 'expired' ? now - 3600 : now + 300)
      .sign((tamper === 'signature' ? rogue.privateKey : signing.privateKey) as KeyLike);
    provider.issuedTokens.push(idToken);
    provider.tokenRequests.push({ status: 200 });
    sendJson(res, 200, {
      access_token: base64url(randomBytes(32)),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid email profile',
      id_token: idToken,
    });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', provider.issuer || 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    const handled = (async () => {
      if (route === 'GET /.well-known/openid-configuration') {
        return sendJson(res, 200, {
          issuer: provider.issuer,
          authorization_endpoint: `${provider.issuer}/authorize`,
          token_endpoint: `${provider.issuer}/token`,
          jwks_uri: `${provider.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          code_challenge_methods_supported: ['S256'],
          grant_types_supported: ['authorization_code'],
          claims_supported: ['iss', 'aud', 'sub', 'nonce', 'iat', 'exp', 'email', 'email_verified', 'given_name', 'family_name'],
        });
      }
      if (route === 'GET /jwks') return sendJson(res, 200, { keys: [jwk] });
      if (route === 'GET /authorize') return authorize(url, req, res);
      if (route === 'POST /token') return token(req, res);
      sendJson(res, 404, { error: 'not_found' });
    })();
    handled.catch((error) => sendJson(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  provider.port = (server.address() as AddressInfo).port;
  provider.issuer = `http://127.0.0.1:${provider.port}`;
  provider.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return provider;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const expectProblem = (res: { status: number; headers: Headers; data: any }, status: number) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.data).toMatchObject({
    status,
    type: expect.stringMatching(/^\/problems\//),
    title: expect.any(String),
    detail: expect.any(String),
  });
};

const oidcEnv = (provider: TestProvider, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  ...extra,
});

/**
 * The browser part of a sign-in: GET /api/login on the app, follow its 302 to the provider as the
 * person signed in there, and answer the provider's 302 back to the app as a path on the app.
 */
async function goThroughProvider(
  app: TestApp,
  client: TestClient,
  provider: TestProvider,
  as: ProviderUser | 'deny',
  expectedRedirectUri = `${app.baseUrl}/api/callback`,
) {
  const login = await client.get('/api/login');
  expect(login.status).toBe(302);
  const authorizeUrl = new URL(login.headers.get('location')!);
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${provider.issuer}/authorize`);
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(expectedRedirectUri);

  let providerCookie = 'op_consent=deny';
  if (as !== 'deny') {
    provider.users.set(as.sub, as);
    providerCookie = `op_user=${encodeURIComponent(as.sub)}`;
  }
  const answer = await fetch(authorizeUrl, { redirect: 'manual', headers: { cookie: providerCookie } });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(expectedRedirectUri);
  return { authorizeUrl, callback: `/api/callback${back.search}`, params: back.searchParams };
}

/** A full sign-in; answers the callback's response. */
async function signIn(app: TestApp, client: TestClient, provider: TestProvider, as: ProviderUser) {
  const { callback } = await goThroughProvider(app, client, provider, as);
  return client.get(callback);
}

const expectSignedOut = async (client: TestClient) => {
  expect(client.hasSession()).toBe(false);
  expectProblem(await client.get('/api/auth/user'), 401);
};

describe('OpenID Connect sign-in (against a real provider over HTTP)', () => {
  let provider: TestProvider;
  let app: TestApp;
  beforeAll(async () => {
    provider = await startProvider();
    app = await startTestApp({ env: oidcEnv(provider, { ADMIN_EMAILS: 'chief@example.org' }) });
    // The redirect URI is known only now that the app has its port; register it with the provider.
    provider.redirectUris.add(`${app.baseUrl}/api/callback`);
  });
  afterEach(() => {
    provider.tamper = undefined;
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  describe('a new person', () => {
    const person: ProviderUser = {
      sub: 'sub-new-1',
      email: 'New.Person@Example.org',
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Okafor',
    };
    let userId: string;

    it('is sent to the provider with PKCE (S256), state and nonce, and the sign-in state is kept server-side', async () => {
      const client = app.client();
      const login = await client.get('/api/login');
      expect(login.status).toBe(302);
      const url = new URL(login.headers.get('location')!);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${app.baseUrl}/api/callback`,
        code_challenge_method: 'S256',
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        state: expect.any(String),
        nonce: expect.any(String),
      });
      expect(url.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
      // The browser is bound to this sign-in by an httpOnly cookie that carries the state.
      const stateCookie = login.headers.getSetCookie().find((c) => c.startsWith('cc_oidc_state='));
      expect(stateCookie).toContain(`cc_oidc_state=${url.searchParams.get('state')};`);
      expect(stateCookie).toMatch(/HttpOnly/i);
      expect(stateCookie).toMatch(/SameSite=Lax/i);
      const saved = await app.system
        .knex('oidc_login_states')
        .where({ state: url.searchParams.get('state') })
        .first();
      expect(saved).toMatchObject({ nonce: url.searchParams.get('nonce') });
      // The verifier never leaves the server; only its S256 challenge does.
      expect(url.toString()).not.toContain(saved.code_verifier);
      expect(createHash('sha256').update(saved.code_verifier).digest('base64url')).toBe(url.searchParams.get('code_challenge'));
    });

    it('gets an account from the claims, a session cookie, and is sent home', async () => {
      const client = app.client();
      const { callback, params } = await goThroughProvider(app, client, provider, person);
      const res = await client.get(callback);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      const sessionCookie = res.headers.getSetCookie().find((c) => c.startsWith('cc_session='));
      expect(sessionCookie).toMatch(/HttpOnly/i);
      expect(sessionCookie).toMatch(/SameSite=Lax/i);
      expect(client.hasSession()).toBe(true);
      // The state was used up.
      expect(
        await app.system
          .knex('oidc_login_states')
          .where({ state: params.get('state') })
          .first(),
      ).toBeUndefined();
      expect(provider.tokenRequests.at(-1)).toEqual({ status: 200 });

      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.data).toMatchObject({ email: 'new.person@example.org', firstName: 'Nia', lastName: 'Okafor', memberTier: 'free' });
      userId = me.data.id;

      const { events } = await app.system.store.readStream(`user-${userId}`);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
      expect(events[0]!.data).toMatchObject({ userId, authMethod: 'oidc', memberTier: 'free' });
      // Personal data stays out of the event, and no id_token reaches the logs.
      expect(JSON.stringify(events[0]!.data)).not.toContain('new.person@example.org');
      const logs = app.logs.join('');
      for (const token of provider.issuedTokens) expect(logs).not.toContain(token);
      expect(logs).not.toContain(params.get('code')!);
      expect(logs).not.toContain(CLIENT_SECRET);
    });

    it('comes back to the same account when signing in again with the same subject, even with a changed e-mail', async () => {
      expect(userId).toBeDefined();
      const client = app.client();
      const res = await signIn(app, client, provider, { ...person, email: 'nia.renamed@example.org' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.data.id).toBe(userId);
      const identities = await app.system.knex('oidc_identities').where({ issuer: provider.issuer, subject: person.sub });
      expect(identities).toHaveLength(1);
      const { events } = await app.system.store.readStream(`user-${userId}`);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    });
  });

  describe('state, code and id_token checks', () => {
    const person: ProviderUser = {
      sub: 'sub-checks',
      email: 'checks@example.org',
      email_verified: true,
      given_name: 'Cas',
      family_name: 'Checker',
    };

    it('refuses a tampered state with 400 problem details and no session', async () => {
      const client = app.client();
      const { params } = await goThroughProvider(app, client, provider, person);
      const tokensBefore = provider.tokenRequests.length;
      const forged = new URLSearchParams(params);
      forged.set('state', base64url(randomBytes(32)));
      const res = await client.get(`/api/callback?${forged}`);
      expectProblem(res, 400);
      expect(res.data.detail).toMatch(/sign in again/i);
      await expectSignedOut(client);
      // The code that came with a forged state was never redeemed at the provider.
      expect(provider.tokenRequests.length).toBe(tokensBefore);
    });

    it('refuses a callback without state, or with the state given twice', async () => {
      const client = app.client();
      const { params } = await goThroughProvider(app, client, provider, person);
      const withoutState = await client.get(`/api/callback?code=${encodeURIComponent(params.get('code')!)}`);
      expectProblem(withoutState, 400);
      const twice = await client.get(
        `/api/callback?code=${encodeURIComponent(params.get('code')!)}&state=${params.get('state')}&state=${params.get('state')}`,
      );
      expectProblem(twice, 400);
      await expectSignedOut(client);
    });

    it('refuses a replayed callback with 400, once it has been used', async () => {
      const client = app.client();
      const { callback } = await goThroughProvider(app, client, provider, person);
      const tokensBefore = provider.tokenRequests.length;
      expect((await client.get(callback)).status).toBe(302);
      expect(client.hasSession()).toBe(true);

      // The same browser, after signing out, and an eavesdropper's fresh browser: both refused.
      expect((await client.get('/api/logout')).status).toBe(302);
      const again = await client.get(callback);
      expectProblem(again, 400);
      await expectSignedOut(client);
      const thief = app.client();
      const stolen = await thief.get(callback);
      expectProblem(stolen, 400);
      await expectSignedOut(thief);
      // Even with the browser's state cookie copied along, the state was used up at the first callback.
      const state = new URL(callback, app.baseUrl).searchParams.get('state')!;
      const copied = await thief.get(callback, { cookie: `cc_oidc_state=${state}` });
      expectProblem(copied, 400);
      await expectSignedOut(thief);
      expect(provider.tokenRequests.length).toBe(tokensBefore + 1);
    });

    it('refuses a callback in a browser other than the one that started the sign-in (login CSRF)', async () => {
      // An attacker starts a sign-in with their own provider account and sends the callback link to a victim.
      const attacker = app.client();
      const { callback } = await goThroughProvider(app, attacker, provider, {
        sub: 'sub-attacker',
        email: 'attacker@example.org',
        email_verified: true,
      });
      const victim = app.client();
      const res = await victim.get(callback);
      expectProblem(res, 400);
      await expectSignedOut(victim);
      expect(await app.system.knex('user_credentials').where({ email: 'attacker@example.org' }).first()).toBeUndefined();
      // The browser that did start it still completes its sign-in.
      const own = await attacker.get(callback);
      expect(own.status).toBe(302);
      expect((await attacker.get('/api/auth/user')).data.email).toBe('attacker@example.org');
    });

    it('answers 401 problem details when the provider refuses the code', async () => {
      const client = app.client();
      const { params } = await goThroughProvider(app, client, provider, person);
      const forged = new URLSearchParams(params);
      forged.set('code', base64url(randomBytes(32)));
      const res = await client.get(`/api/callback?${forged}`);
      expectProblem(res, 401);
      expect(res.data.detail).toMatch(/did not confirm your sign-in/);
      expect(provider.tokenRequests.at(-1)).toEqual({ status: 400, error: 'invalid_grant' });
      await expectSignedOut(client);
    });

    it('answers 401 when the PKCE verifier does not match what the provider was shown', async () => {
      const client = app.client();
      const { params } = await goThroughProvider(app, client, provider, person);
      await app.system
        .knex('oidc_login_states')
        .where({ state: params.get('state') })
        .update({ code_verifier: base64url(randomBytes(32)) });
      const res = await client.get(`/api/callback?${params}`);
      expectProblem(res, 401);
      expect(provider.tokenRequests.at(-1)).toEqual({ status: 400, error: 'invalid_grant' });
      await expectSignedOut(client);
    });

    it.each([
      ['a wrong nonce', 'nonce'],
      ['a signature by another key', 'signature'],
      ['another audience', 'audience'],
      ['an expired token', 'expired'],
    ] as const)('answers 401 for an id_token with %s, and creates no account', async (_name, tamper) => {
      const client = app.client();
      const sub = `sub-tampered-${tamper}`;
      const { callback } = await goThroughProvider(app, client, provider, { sub, email: `${sub}@example.org`, email_verified: true });
      provider.tamper = tamper;
      const tokensBefore = provider.issuedTokens.length;
      const res = await client.get(callback);
      expect(provider.issuedTokens.length).toBe(tokensBefore + 1);
      expectProblem(res, 401);
      await expectSignedOut(client);
      expect(
        await app.system
          .knex('user_credentials')
          .where({ email: `${sub}@example.org` })
          .first(),
      ).toBeUndefined();
      expect(await app.system.knex('oidc_identities').where({ subject: sub }).first()).toBeUndefined();
      // The refused token is not written to the logs either.
      expect(app.logs.join('')).not.toContain(provider.issuedTokens.at(-1)!);
    });
  });

  describe('an e-mail that already has a password account', () => {
    it('links a verified e-mail to that same account, and the password still works', async () => {
      const local = await app.client().register('linked@example.org', 'correct horse battery', { firstName: 'Lin', lastName: 'Local' });
      const client = app.client();
      const res = await signIn(app, client, provider, {
        sub: 'sub-linked',
        email: 'Linked@Example.org',
        email_verified: true,
        given_name: 'Other',
        family_name: 'Name',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.data).toMatchObject({ id: local.id, email: 'linked@example.org', firstName: 'Lin', lastName: 'Local' });
      expect(await app.system.knex('oidc_identities').where({ issuer: provider.issuer, subject: 'sub-linked' }).first()).toMatchObject({
        user_id: local.id,
      });
      const { events } = await app.system.store.readStream(`user-${local.id}`);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
      const password = await app.client().post('/api/auth/login', { email: 'linked@example.org', password: 'correct horse battery' });
      expect(password.status).toBe(200);
      expect(password.data.user.id).toBe(local.id);
    });

    it('refuses an unverified e-mail with 409 problem details, and links nothing', async () => {
      const local = await app.client().register('unverified@example.org');
      const client = app.client();
      const res = await signIn(app, client, provider, { sub: 'sub-unverified', email: 'unverified@example.org', email_verified: false });
      expectProblem(res, 409);
      expect(res.data.detail).toMatch(/already exists/);
      await expectSignedOut(client);
      expect(await app.system.knex('oidc_identities').where({ subject: 'sub-unverified' }).first()).toBeUndefined();
      expect(await app.system.knex('user_credentials').where({ email: 'unverified@example.org' })).toEqual([
        expect.objectContaining({ user_id: local.id }),
      ]);
    });
  });

  describe('an address listed in ADMIN_EMAILS', () => {
    it.each([
      ['says it is not verified', false],
      ['does not say whether it is verified', undefined],
    ])('is refused with 409, and no account is made, when the provider %s', async (_name, verified) => {
      const client = app.client();
      const sub = `sub-pretender-${String(verified)}`;
      const res = await signIn(app, client, provider, { sub, email: 'Chief@Example.org', email_verified: verified });
      expectProblem(res, 409);
      expect(res.data.detail).toMatch(/reserved for an administrator/);
      await expectSignedOut(client);
      expect(await app.system.knex('user_credentials').where({ email: 'chief@example.org' })).toHaveLength(0);
      expect(await app.system.knex('oidc_identities').where({ subject: sub })).toHaveLength(0);
    });

    it('becomes an administrator when the provider has verified it', async () => {
      const client = app.client();
      const res = await signIn(app, client, provider, {
        sub: 'sub-chief',
        email: 'Chief@Example.org',
        email_verified: true,
        given_name: 'Ada',
      });
      expect(res.status).toBe(302);
      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.data).toMatchObject({ email: 'chief@example.org', memberTier: 'administrators' });
    });
  });

  it('makes an unverified address that is not listed a Free account, as before', async () => {
    const client = app.client();
    const res = await signIn(app, client, provider, { sub: 'sub-unverified-new', email: 'plain@example.org', email_verified: false });
    expect(res.status).toBe(302);
    expect((await client.get('/api/auth/user')).data).toMatchObject({ email: 'plain@example.org', memberTier: 'free' });
  });

  it('answers 400 problem details when the person declines at the provider', async () => {
    const client = app.client();
    const { callback, params } = await goThroughProvider(app, client, provider, 'deny');
    expect(params.get('error')).toBe('access_denied');
    const tokensBefore = provider.tokenRequests.length;
    const res = await client.get(callback);
    expectProblem(res, 400);
    expect(res.data.detail).toMatch(/Sign-in was not completed/);
    expect(provider.tokenRequests.length).toBe(tokensBefore);
    await expectSignedOut(client);
  });

  it('asks for an e-mail address when the provider shares none', async () => {
    const client = app.client();
    const res = await signIn(app, client, provider, { sub: 'sub-no-email' });
    expectProblem(res, 400);
    expect(res.data.detail).toMatch(/e-mail address/);
    await expectSignedOut(client);
  });
});

describe('OpenID Connect sign-in with PUBLIC_URL', () => {
  let provider: TestProvider;
  let app: TestApp;
  beforeAll(async () => {
    provider = await startProvider();
    // A trailing slash, as people often write it; the Host header must not decide the redirect URI.
    app = await startTestApp({ env: oidcEnv(provider, { PUBLIC_URL: 'http://claims.test/' }) });
    provider.redirectUris.add('http://claims.test/api/callback');
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  it('sends the provider the redirect URI under PUBLIC_URL, whatever Host the request came with', async () => {
    const client = app.client();
    const { callback } = await goThroughProvider(
      app,
      client,
      provider,
      { sub: 'sub-public', email: 'public@example.org', email_verified: true },
      'http://claims.test/api/callback',
    );
    const res = await client.get(callback);
    expect(res.status).toBe(302);
    expect((await client.get('/api/auth/user')).data.email).toBe('public@example.org');
  });
});

describe('OpenID Connect sign-in when the provider is unreachable', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      env: { OIDC_ISSUER_URL: `http://127.0.0.1:${await closedPort()}`, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });
  });
  afterAll(async () => app?.close());

  it('answers 503 problem details at /api/login while the rest of the app keeps working', async () => {
    const client = app.client();
    const res = await client.get('/api/login');
    expectProblem(res, 503);
    expect(res.data.detail).toMatch(/temporarily unavailable/);
    expect(client.hasSession()).toBe(false);
    // Not cached: a second attempt tries again and answers the same way.
    expectProblem(await client.get('/api/login'), 503);
    expectProblem(await client.get('/api/callback?code=x&state=y'), 503);

    const health = await client.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.data.status).toBe('ok');
    const user = await client.register('password.still.works@example.org');
    expect(user.memberTier).toBe('free');
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});
