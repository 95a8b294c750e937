import fs from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { createHttpServer, createLogger, loadConfig, type AppConfig } from '@cc/platform';
import { createTestDatabase } from '@cc/platform/testing/database';
import { startEmbeddedCluster } from '@cc/platform/testing/embeddedCluster';
import { startSystem, type System, type SystemOptions } from '../system';
import { eventually } from './eventually';

/** What the registration form confirms (18 or older, the terms accepted); the API refuses an account without it. */
export const REGISTRATION_CONSENT = { ageConfirmed: true, termsAccepted: true } as const;

export interface TestApp {
  baseUrl: string;
  config: AppConfig;
  /** The HTTP server, made by the shared set-up as every entry point makes it. */
  server: http.Server;
  system: System;
  /** Every log line written while the app ran (to check that secrets never reach the logs). */
  logs: string[];
  client(): TestClient;
  close(): Promise<void>;
}

/** A real HTTP client with its own cookie jar, like one browser. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  /**
   * `stream` sends the body as it is produced, chunked (with no Content-Length), like a client that
   * does not say the size up front.
   */
  async request(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; body?: string; stream?: AsyncIterable<Uint8Array> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | ReadableStream | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.stream) body = Readable.toWeb(Readable.from(options.stream)) as ReadableStream;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      ...(options.stream ? { duplex: 'half' } : {}),
    } as RequestInit);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    let data: any;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    return { status: res.status, headers: res.headers, data, text };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, { headers });
  post = (path: string, json?: unknown, headers?: Record<string, string>) => this.request('POST', path, { json, headers });
  put = (path: string, json?: unknown, headers?: Record<string, string>) => this.request('PUT', path, { json, headers });

  async register(email: string, password = 'correct horse battery', names: { firstName?: string; lastName?: string } = {}) {
    const res = await this.post('/api/auth/register', { email, password, ...names, ...REGISTRATION_CONSENT });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    return res.data.user as { id: string; email: string; memberTier: string };
  }

  /** Signs in (an account made at start, e.g. an ADMIN_EMAILS administrator); throws unless it works. */
  async signIn(email: string, password = 'correct horse battery') {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return res.data.user as { id: string; email: string; memberTier: string };
  }

  /** Another client holding this one's cookies now: what it is sent later does not change this one. */
  clone(): TestClient {
    const copy = new TestClient(this.baseUrl);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  /** The Cookie header this client sends, for other HTTP clients acting as the same browser. */
  hasSession(): boolean {
    return this.cookies.has('cc_session');
  }

  /**
   * Only the status of a GET whose answer may never end (an event stream): the body is not read,
   * and the request is dropped once the status has come.
   */
  async statusOf(path: string, headers: Record<string, string> = {}): Promise<number> {
    const controller = new AbortController();
    const cookie = this.cookieHeader();
    const res = await fetch(`${this.baseUrl}${path}`, {
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      signal: controller.signal,
    });
    controller.abort();
    return res.status;
  }

  /** The Cookie header this client sends, for requests made by hand. */
  cookieHeader(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
}

/** A cluster of its own in `dataDir/postgres` (its own process), with the app's database in it. */
async function embeddedDatabaseIn(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  // The cluster runs as the postgres user when the tests run as root: it must be able to enter the folder.
  await fs.chmod(dataDir, 0o755);
  const cluster = await startEmbeddedCluster(path.join(dataDir, 'postgres'));
  await cluster.createDatabase('claims');
  return { url: cluster.urlFor('claims'), drop: () => cluster.stop() };
}

/** Analysis engine, wait and worker settings passed through to the system. */
/**
 * An administrator sets `userId`'s tier, then waits until the veteran's own session sees it (the
 * profile read model follows the tier event shortly after), failing if it never does.
 */
export async function grantTier(admin: TestClient, veteran: TestClient, userId: string, tierName: string): Promise<void> {
  const answer = await admin.put(`/api/users/${userId}/tier`, { tierName });
  if (answer.status !== 200) throw new Error(`setting the tier answered ${answer.status}: ${JSON.stringify(answer.data)}`);
  const seen = await eventually(
    async () => (await veteran.get('/api/auth/user')).data?.memberTier as string | undefined,
    (tier) => tier === tierName,
  );
  if (seen !== tierName) throw new Error(`the veteran's session still shows the ${String(seen)} tier, not ${tierName}`);
}

/**
 * Every event in the store, counted once the workers and projectors have caught up with what came
 * before (a worker appends in the background for earlier commands: a sign-up's or a filing's
 * notification), so counts taken around a refused command differ only by what that command appended.
 */
export async function storedEventCount(app: TestApp): Promise<number> {
  await app.system.settled();
  return Number((await app.system.knex('events').count({ n: '*' }))[0]!.n);
}

export type TestAppAnalysisOptions = Pick<
  SystemOptions,
  'analysisEngine' | 'analysisWaitMs' | 'analysisWorker' | 'chatEngine' | 'chatHeartbeatMs'
>;

/** Upload sweep and transfer limit, passed through to the system. */
export type TestAppUploadOptions = Pick<SystemOptions, 'uploadSweepIntervalMs' | 'uploadTransferLimitMs'>;

/**
 * Every test client connects from 127.0.0.1, so the per-address limit on sign-ups and sign-ins is
 * off unless a test sets AUTH_IP_LIMIT_PER_MINUTE itself (the limit's own tests do).
 */
const TEST_ENV = { AUTH_IP_LIMIT_PER_MINUTE: '0' };

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    throttle?: { perEmail: number; perAddress: number };
    hashing?: SystemOptions['hashing'];
    /** Held refusals make a test slow, so tests answer them at once unless they check the pause (undefined: the default). */
    refusalPauseMs?: number;
    /** scrypt cost (N); tests use 2^10 unless they measure hashing itself. */
    scryptCost?: number;
    frontendDist?: string;
    analysis?: TestAppAnalysisOptions;
    uploads?: TestAppUploadOptions;
    /** The billing clock and its timer (tests that move the test-mode provider's clock turn the timer off). */
    billing?: Pick<SystemOptions, 'billingNow' | 'billingClock'>;
    /** Another app's database (a second process of the same deployment); it is then not dropped on close. */
    databaseUrl?: string;
    /**
     * The database in an embedded cluster of its own in DATA_DIR/postgres, as `npm start` keeps it,
     * for tests that search every byte of the data folder (the database's files and WAL included).
     */
    embeddedDatabase?: boolean;
    seedDemo?: SystemOptions['seedDemo'];
    notificationsWorker?: SystemOptions['notificationsWorker'];
    /** How often the VA Forms API is read when configured; tests shorten it. */
    vaFormsRefreshIntervalMs?: number;
    /** How long a command waits for its read models (default 15 s here: a loaded CI machine is slow; 5 s in production). */
    readYourWritesTimeoutMs?: number;
    rebuild?: SystemOptions['rebuild'];
    /** Per-user limits of the expensive routes (gateway/src/limits.ts); the defaults unless a test lowers them. */
    rateLimits?: SystemOptions['rateLimits'];
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-app-'));
  const db = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : options.embeddedDatabase
      ? await embeddedDatabaseIn(dataDir)
      : await createTestDatabase('app');
  const config: AppConfig = loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...TEST_ENV, ...options.env });
  const logs: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const system = await startSystem({
    config,
    logger,
    databaseUrl: db.url,
    frontendDist: options.frontendDist ?? path.resolve(__dirname, '../../../frontend/dist'),
    scryptCost: options.scryptCost ?? 2 ** 10,
    pollIntervalMs: 50,
    throttle: options.throttle,
    hashing: options.hashing,
    // Given as undefined: the production default.
    refusalPauseMs: 'refusalPauseMs' in options ? options.refusalPauseMs : 0,
    seedDemo: options.seedDemo,
    notificationsWorker: options.notificationsWorker,
    vaFormsRefreshIntervalMs: options.vaFormsRefreshIntervalMs,
    readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 15_000,
    rebuild: options.rebuild ?? { heartbeatMs: 500, staleAfterMs: 3000, supervisorIntervalMs: 1000 },
    rateLimits: options.rateLimits,
    ...options.analysis,
    ...options.uploads,
    ...options.billing,
  });
  const server = createHttpServer(system.app, config.http);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    config,
    server,
    system,
    logs,
    client: () => new TestClient(baseUrl),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await system.stop();
      await db.drop().catch(() => undefined);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
