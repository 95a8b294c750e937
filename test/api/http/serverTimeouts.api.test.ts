import net from 'node:net';
import { UPLOAD_TRANSFER_LIMIT_MS } from '@cc/command-service';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

jest.setTimeout(60_000);

/**
 * The HTTP server's timeouts (platform/src/http/server.ts), with the limits scaled down so a test
 * takes seconds: an upload gets its whole transfer limit, every other request a short one, a sender
 * dribbling headers or a body is cut off, and a transfer that failed frees its upload address.
 */
const LIMITS = { headersMs: 1000, requestMs: 1500, transferMs: 20_000, stallMs: 1000 };

interface RawExchange {
  /** Everything the server sent. */
  answer: () => string;
  /** Resolves when the connection closed, with who closed it and when (ms after it opened). */
  closed: Promise<{ byServer: boolean; afterMs: number }>;
  socket: net.Socket;
  write(data: string | Buffer): Promise<void>;
  hangUp(): void;
}

/** A connection written by hand, so a test can send slowly, stop, or hang up. */
function open(baseUrl: string): Promise<RawExchange> {
  const port = Number(new URL(baseUrl).port);
  const opened = Date.now();
  let answer = '';
  let hungUp = false;
  // Half-open allowed: a server that only ends its side is not taken for one that closed the connection.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<{ byServer: boolean; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ byServer: !hungUp, afterMs: Date.now() - opened })),
  );
  return new Promise((resolve) =>
    socket.once('connect', () =>
      resolve({
        answer: () => answer,
        closed,
        socket,
        write: (data) => new Promise<void>((done) => (socket.destroyed ? done() : socket.write(data, () => done()))),
        hangUp() {
          hungUp = true;
          socket.destroy();
        },
      }),
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a whole answer (its head and the body its Content-Length announces) on a connection that stays open. */
async function answered(exchange: RawExchange, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = exchange.answer();
    const end = text.indexOf('\r\n\r\n');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? NaN);
    if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) return text;
    if (exchange.socket.destroyed || Date.now() > deadline) return text;
    await sleep(20);
  }
}

/** Writes `data` one byte every `everyMs` until the connection closes or `data` runs out. */
async function dribble(exchange: RawExchange, data: string, everyMs = 100): Promise<void> {
  for (const byte of data) {
    if (exchange.socket.destroyed) return;
    await exchange.write(byte);
    await sleep(everyMs);
  }
}

const uploadHead = (baseUrl: string, url: string, client: TestClient, length: number) =>
  `PUT ${url} HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nCookie: ${client.cookieHeader()}\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;

describe('server timeouts, by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.close());

  it('let an upload run for its whole transfer limit, and keep a request head short', () => {
    // Node's own default (300 s for a whole request) cut uploads off at five of their ten minutes.
    expect(app.server.requestTimeout).toBeGreaterThanOrEqual(UPLOAD_TRANSFER_LIMIT_MS);
    expect(app.config.http.uploadTransferLimitMs).toBe(UPLOAD_TRANSFER_LIMIT_MS);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(app.config.http.requestTimeoutMs).toBeLessThanOrEqual(60_000);
  });
});

describe('server timeouts, scaled down', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(LIMITS.headersMs),
        HTTP_REQUEST_TIMEOUT_MS: String(LIMITS.requestMs),
        UPLOAD_TRANSFER_LIMIT_MS: String(LIMITS.transferMs),
        UPLOAD_STALL_MS: String(LIMITS.stallMs),
      },
    });
    vet = app.client();
    await vet.register('timeouts.vet@example.org');
  });
  afterAll(async () => app.close());

  const address = async () => (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
  const body = (size: number) => Buffer.alloc(size, 'Tinnitus since 2004, ringing in both ears, noted at separation.\n');

  it('takes a throttled upload that runs four times the short limit, and registers it', async () => {
    const url = await address();
    const file = body(24 * 64 * 1024);
    const upload = await open(app.baseUrl);
    await upload.write(uploadHead(app.baseUrl, url, vet, file.length));
    const started = Date.now();
    for (let at = 0; at < file.length; at += 64 * 1024) {
      await upload.write(file.subarray(at, at + 64 * 1024));
      await sleep(250);
    }
    const answer = await answered(upload);
    upload.hangUp();
    expect(Date.now() - started).toBeGreaterThan(4 * LIMITS.requestMs);
    expect(answer).toMatch(/^HTTP\/1.1 201 /);
    const registered = await vet.put('/api/documents', { documentURL: url, fileName: 'slow link.txt', fileType: 'text/plain' });
    expect(registered.status).toBe(201);
    expect(registered.data.fileSize).toBe(file.length);
  });

  it('cuts off a JSON body dribbled past the short limit with 408, and closes the connection', async () => {
    const exchange = await open(app.baseUrl);
    const json = JSON.stringify({ email: 'timeouts.vet@example.org', password: 'correct horse battery' });
    await exchange.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${new URL(app.baseUrl).host}\r\nOrigin: ${app.baseUrl}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    void dribble(exchange, json, 200);
    const { byServer, afterMs } = await exchange.closed;
    expect(byServer).toBe(true);
    expect(afterMs).toBeLessThan(LIMITS.requestMs + 2000);
    expect(exchange.answer()).toMatch(/^HTTP\/1.1 408 /);
    expect(exchange.answer()).toMatch(/application\/problem\+json/);
  });

  it('frees the address of a transfer the sender broke off, so the same address takes the file again', async () => {
    const url = await address();
    const file = body(256 * 1024);
    const broken = await open(app.baseUrl);
    await broken.write(uploadHead(app.baseUrl, url, vet, file.length));
    await broken.write(file.subarray(0, 100 * 1024));
    await sleep(200);
    broken.hangUp();
    await broken.closed;
    await sleep(300);
    const again = await vet.request('PUT', url, { body: file as unknown as string, headers: { 'content-type': 'text/plain' } });
    expect(again.status).toBe(201);
    expect(again.data).toEqual({ size: file.length });
  });

  it('cuts off an upload dribbled byte by byte within its stall window, and frees its address', async () => {
    const url = await address();
    const file = body(4096);
    const slow = await open(app.baseUrl);
    await slow.write(uploadHead(app.baseUrl, url, vet, file.length));
    void dribble(slow, file.toString('latin1'), 50);
    const { byServer, afterMs } = await slow.closed;
    expect(byServer).toBe(true);
    expect(afterMs).toBeLessThan(3 * LIMITS.stallMs + 2000);
    expect(slow.answer()).toMatch(/^HTTP\/1.1 408 /);
    await sleep(300);
    const again = await vet.request('PUT', url, { body: file as unknown as string, headers: { 'content-type': 'text/plain' } });
    expect(again.status).toBe(201);
  });

  it('answers ordinary requests while 50 slow-loris connections dribble, and cuts every one of them off within its limit', async () => {
    const host = new URL(app.baseUrl).host;
    const slow: Promise<{ byServer: boolean; afterMs: number }>[] = [];
    for (let i = 0; i < 25; i++) {
      const headers = await open(app.baseUrl);
      await headers.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n`);
      void dribble(headers, `X-Slow-${i}: ${'a'.repeat(200)}\r\n\r\n`);
      slow.push(headers.closed);
    }
    for (let i = 0; i < 20; i++) {
      const json = await open(app.baseUrl);
      await json.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.baseUrl}\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n`,
      );
      void dribble(json, ` ${'{}'.padStart(299, ' ')}`);
      slow.push(json.closed);
    }
    for (let i = 0; i < 5; i++) {
      const upload = await open(app.baseUrl);
      await upload.write(uploadHead(app.baseUrl, await address(), vet, 100_000));
      void dribble(upload, 'x'.repeat(1000));
      slow.push(upload.closed);
    }
    const started = Date.now();
    const health = await app.client().get('/api/health');
    expect(health.status).toBe(200);
    const signedIn = await app.client().post('/api/auth/login', { email: 'timeouts.vet@example.org', password: 'correct horse battery' });
    expect(signedIn.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(LIMITS.headersMs);

    const ends = await Promise.all(slow);
    expect(ends.filter((end) => !end.byServer)).toEqual([]);
    const longest = Math.max(...ends.map((end) => end.afterMs));
    expect(longest).toBeLessThan(3 * LIMITS.stallMs + 3000);
  });
});
