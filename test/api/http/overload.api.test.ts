import net from 'node:net';
import { EXPENSIVE_ROUTES, JSON_BODY_LIMIT_BYTES, userRateLimitsFrom } from '@cc/gateway/limits';
import { ROUTES } from '@cc/gateway/testing/routeTable';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

jest.setTimeout(90_000);

const MB = 1024 * 1024;

/**
 * Opens a request by hand and sends its body in 64 KB pieces, up to `total` bytes, as fast as the
 * connection takes them (chunked unless `declared` is given), then ends it. Resolves with the
 * answer, how many body bytes had been written when its first byte came back, and whether the server
 * closed the connection while the body was unfinished (rather than waiting to read the rest).
 */
function streamRequest(
  baseUrl: string,
  options: { method: string; path: string; cookie?: string; contentType: string; total: number; declared?: number },
): Promise<{ answer: string; sentWhenAnswered: number; closedEarly: boolean }> {
  const port = Number(new URL(baseUrl).port);
  const chunked = options.declared === undefined;
  const piece = Buffer.alloc(64 * 1024, 0x20); // spaces: valid JSON whitespace, never a complete document
  return new Promise((resolve, reject) => {
    let answer = '';
    let sent = 0;
    let sentWhenAnswered = -1;
    let finished = false;
    let closedEarly = false;
    let hungUp = false;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      answer += chunk;
    });
    socket.on('error', () => undefined); // the server hanging up mid-write shows as EPIPE / ECONNRESET here
    let hangUp: NodeJS.Timeout | undefined;
    socket.on('close', () => {
      clearTimeout(hangUp);
      // The server closed it while the body was still unfinished (not us, after our wait below).
      if (!finished && !hungUp) closedEarly = true;
      resolve({ answer, sentWhenAnswered, closedEarly });
    });
    socket.on('connect', async () => {
      try {
        const head = [
          `${options.method} ${options.path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Origin: ${baseUrl}`,
          `Content-Type: ${options.contentType}`,
          ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
          chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.declared}`,
        ];
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        while (sent < options.total && !socket.destroyed && sentWhenAnswered < 0) {
          const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
          sent += piece.length;
          if (!socket.write(framed))
            await new Promise<void>((r) => {
              socket.once('drain', r);
              socket.once('close', r);
            });
        }
        if (!socket.destroyed && sentWhenAnswered < 0) {
          finished = true;
          if (chunked) socket.write('0\r\n\r\n');
        }
        // Whatever happened, give the answer a moment, then hang up ourselves.
        if (!socket.destroyed)
          hangUp = setTimeout(() => {
            hungUp = true;
            socket.destroy();
          }, 3000);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * A sender that writes its whole body (`total` bytes, chunked) before it looks at the connection
 * again, as a client busy uploading does, then reads what came back. Resolves with the answer, or
 * '' when the connection was reset under the writes and the answer lost.
 */
function sendAllThenRead(baseUrl: string, options: { path: string; cookie?: string; total: number }): Promise<string> {
  const port = Number(new URL(baseUrl).port);
  const piece = Buffer.alloc(64 * 1024, 0x20);
  const framed = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    socket.on('data', (chunk) => void (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.on('connect', async () => {
      const head = [
        `POST ${options.path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: ${baseUrl}`,
        'Content-Type: application/json',
        ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
        'Transfer-Encoding: chunked',
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      for (let sent = 0; sent < options.total && !socket.destroyed; sent += piece.length) {
        if (!socket.write(framed))
          await new Promise<void>((r) => {
            socket.once('drain', r);
            socket.once('close', r);
          });
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
      socket.resume();
    });
  });
}

describe('overload: per-user limits on the expensive routes', () => {
  let app: TestApp;
  let vet: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ rateLimits: { chat: 2, uploads: 2, analysis: 1, pdf: 1 } });
    vet = app.client();
    await vet.register('overload.vet@example.org');
    other = app.client();
    await other.register('overload.other@example.org');
  });
  afterAll(async () => app.close());

  it('limits only routes the app serves (a renamed route must not slip out of its budget)', () => {
    const served = new Set(ROUTES.map((row) => row.route));
    const limited = Object.values(EXPENSIVE_ROUTES).flatMap((b) => b.routes.map(([method, path]) => `${method.toUpperCase()} ${path}`));
    expect(limited.filter((route) => !served.has(route))).toEqual([]);
  });

  it('defaults leave a person room and RATE_LIMIT_* changes them', () => {
    const defaults = userRateLimitsFrom({});
    for (const bucket of Object.keys(EXPENSIVE_ROUTES) as (keyof typeof EXPENSIVE_ROUTES)[])
      expect(defaults[bucket]).toBeGreaterThanOrEqual(60);
    expect(userRateLimitsFrom({ RATE_LIMIT_CHAT: '5', RATE_LIMIT_PDF: '0' })).toMatchObject({
      chat: 5,
      pdf: 0,
      analysis: EXPENSIVE_ROUTES.analysis.perMinute,
    });
    expect(() => userRateLimitsFrom({ RATE_LIMIT_UPLOADS: 'lots' })).toThrow(/RATE_LIMIT_UPLOADS/);
    // Chat also has a burst: room for several tabs and a double Enter, far below a hundred at once.
    expect(defaults.chatBurst).toBeGreaterThanOrEqual(10);
    expect(defaults.chatBurst).toBeLessThan(defaults.chat);
    expect(userRateLimitsFrom({ RATE_LIMIT_CHAT_BURST: '5' })).toMatchObject({ chat: EXPENSIVE_ROUTES.chat.perMinute, chatBurst: 5 });
    expect(() => userRateLimitsFrom({ RATE_LIMIT_CHAT_BURST: '-1' })).toThrow(/RATE_LIMIT_CHAT_BURST/);
  });

  it('answers the chat message over the budget 429 with Retry-After, and records nothing for it', async () => {
    for (let i = 0; i < 2; i++)
      expect((await vet.post('/api/copilot/chat', { message: `What is a nexus letter? (${i})` })).status).toBe(200);
    const head = await app.system.store.headPosition();
    const refused = await vet.post('/api/copilot/chat', { message: 'And a buddy statement?' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    // Two a minute: the next one is allowed within 30 s, and Retry-After is whole seconds.
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 30).toBe(true);
    expect(refused.data).toMatchObject({
      status: 429,
      retryAfter,
      detail: `You have sent too many chat messages in a short time. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    });
    expect(await app.system.store.headPosition()).toEqual(head);
    // The other chat routes share the budget.
    expect((await vet.post('/api/ai-chat/message', { content: 'What is a C&P exam?' })).status).toBe(429);
    // Per user: someone else is not affected.
    expect((await other.post('/api/copilot/chat', { message: 'What is a nexus letter?' })).status).toBe(200);
  });

  it('limits upload addresses, analyses and PDFs per user, and leaves anonymous requests to the routes', async () => {
    const addresses = [await vet.post('/api/objects/upload', {}), await vet.post('/api/objects/upload', {})];
    expect(addresses.map((a) => a.status)).toEqual([200, 200]);
    const third = await vet.post('/api/objects/upload', {});
    expect(third.status).toBe(429);
    expect(third.data.detail).toMatch(/^You have sent too many uploads in a short time\./);

    const url = addresses[0]!.data.uploadURL as string;
    expect(
      (await vet.request('PUT', url, { body: 'Tinnitus since 2004, ringing in both ears.', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(201);
    const document = await vet.put('/api/documents', { documentURL: url, fileName: 'notes.txt', fileType: 'text/plain' });
    expect(document.status).toBe(201);
    const id = document.data.id as string;
    const first = await vet.post(`/api/documents/${id}/analyze`, { analysisType: 'general' });
    expect(first.status).not.toBe(429);
    expect((await vet.post(`/api/documents/${id}/analyze`, { analysisType: 'general' })).status).toBe(429);

    // A budget counts requests, whatever the route answers (here 409: no analysis to print yet, or a finished one).
    const pdf = await vet.post(`/api/documents/${id}/analysis-pdf`, { originalFileName: 'notes.txt' });
    expect(pdf.status).not.toBe(429);
    expect((await vet.post('/api/pdforge/generate', { templateId: 'nexus-letter', formData: {} })).status).toBe(429);

    const anonymous = app.client();
    for (let i = 0; i < 4; i++) expect((await anonymous.post('/api/copilot/chat', { message: 'hi' })).status).toBe(401);
  });
});

describe('overload: bodies over their limit are cut off early', () => {
  let app: TestApp;
  let vet: TestClient;

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('cutoff.vet@example.org');
  });
  afterAll(async () => app.close());

  it('answers a streamed JSON body 413 as it passes the limit and closes the connection, not after the client finished', async () => {
    const total = 48 * MB;
    const res = await streamRequest(app.baseUrl, {
      method: 'POST',
      path: '/api/claims',
      cookie: vet.cookieHeader(),
      contentType: 'application/json',
      total,
    });
    expect(res.answer).toMatch(/^HTTP\/1.1 413 /);
    expect(res.answer).toContain('"detail":"The request body is too large."');
    expect(res.answer).toMatch(/\r\nConnection: close\r\n/i);
    // Answered once twice the limit was passed: what the client wrote by then is that plus what the
    // two sockets' buffers held, far from everything it meant to send.
    expect(res.sentWhenAnswered).toBeGreaterThan(0);
    expect(res.sentWhenAnswered).toBeLessThan(2 * JSON_BODY_LIMIT_BYTES + 16 * MB);
    expect(res.closedEarly).toBe(true);
    // The app goes on answering.
    expect((await vet.get('/api/claims')).status).toBe(200);
  });

  it('lets a sender that reads only after writing still see the 413: the refused connection is read a moment longer, not reset', async () => {
    // Past twice the limit the server answers and closes; the sender has written 6 MB by the time it reads.
    const answer = await sendAllThenRead(app.baseUrl, {
      path: '/api/claims',
      cookie: vet.cookieHeader(),
      total: 6 * JSON_BODY_LIMIT_BYTES,
    });
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain('"detail":"The request body is too large."');
  });

  it('answers a JSON body just over the limit after reading it (the sender sees the answer, not a reset), and keeps the connection', async () => {
    const res = await streamRequest(app.baseUrl, {
      method: 'POST',
      path: '/api/claims',
      cookie: vet.cookieHeader(),
      contentType: 'application/json',
      declared: JSON_BODY_LIMIT_BYTES + 64 * 1024 * 4,
      total: JSON_BODY_LIMIT_BYTES + 64 * 1024 * 4,
    });
    expect(res.answer).toMatch(/^HTTP\/1.1 413 /);
    expect(res.answer).not.toMatch(/\r\nConnection: close\r\n/i);
    expect(res.closedEarly).toBe(false);
  });

  it('answers a declared JSON body far over the limit before any of it is sent', async () => {
    const res = await streamRequest(app.baseUrl, {
      method: 'POST',
      path: '/api/claims',
      cookie: vet.cookieHeader(),
      contentType: 'application/json',
      declared: 40 * MB,
      total: 40 * MB,
    });
    expect(res.answer).toMatch(/^HTTP\/1.1 413 /);
    expect(res.sentWhenAnswered).toBeLessThan(16 * MB);
    expect(res.closedEarly).toBe(true);
  });

  it('answers an upload declared far over 50 MB 413 and stops reading it, rather than reading and discarding the rest', async () => {
    const address = (await vet.post('/api/objects/upload', {})).data.uploadURL as string;
    const declared = 200 * MB;
    const res = await streamRequest(app.baseUrl, {
      method: 'PUT',
      path: address,
      cookie: vet.cookieHeader(),
      contentType: 'application/pdf',
      declared,
      total: declared,
    });
    expect(res.answer).toMatch(/^HTTP\/1.1 413 /);
    expect(res.answer).toContain('"title":"File too large"');
    expect(res.sentWhenAnswered).toBeLessThan(16 * MB);
    expect(res.closedEarly).toBe(true);
  });
});
