import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from '../logger';
import { contextOf, type AuthContext } from './context';
import {
  FORWARDED_NONCE_HEADER,
  NonceMemory,
  forwardedContext,
  forwardedContextHeaders,
  forwardedJsonBody,
  type ForwardedBody,
} from './forwardedContext';
import { problemHandler } from './problem';

const SECRET = 'a-shared-secret-of-at-least-32-characters!';
const auth = { userId: 'u-1', sessionId: 's-1', tier: 'basic', roles: [] } satisfies AuthContext;

/** A service behind the gateway: the forwarded context, the JSON body, and routes that say what they got. */
describe('requests the gateway forwards to a service', () => {
  let server: Server;
  let url: string;
  const handled: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use('/api', forwardedContext({ secret: SECRET, logger: createLogger('silent') }));
    app.use('/api/uploads', (req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => {
        handled.push({ uploaded: length });
        res.status(201).json({ length });
      });
    });
    app.use('/api', forwardedJsonBody('1mb'));
    app.post('/api/claims', (req, res) => {
      handled.push(req.body);
      res.status(201).json({ userId: contextOf(res).auth?.userId, body: req.body as unknown });
    });
    app.use(problemHandler(createLogger('silent')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => void (handled.length = 0));

  /** Headers as the gateway sends them for this body. */
  const signed = (path: string, body: ForwardedBody, nowMs?: number) =>
    forwardedContextHeaders(SECRET, { method: 'POST', url: path, body }, { correlationId: 'corr-1', auth }, nowMs);

  const send = (path: string, headers: Record<string, string>, body: string, contentType = 'application/json') =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });

  const claim = JSON.stringify({ condition: 'Tinnitus', rating: 10 });

  it('answers a forwarded request with the body and the user the gateway signed', async () => {
    const response = await send('/api/claims', signed('/api/claims', { bytes: claim }), claim);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ userId: 'u-1', body: { condition: 'Tinnitus', rating: 10 } });
  });

  it('refuses a captured request sent with another body (401), and handles nothing', async () => {
    const headers = signed('/api/claims', { bytes: claim });
    const other = JSON.stringify({ condition: 'Tinnitus', rating: 70 });
    const response = await send('/api/claims', headers, other);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(handled).toEqual([]);
  });

  it('refuses a signed body sent as another content type, which the JSON parser would pass over', async () => {
    const response = await send('/api/claims', signed('/api/claims', { bytes: claim }), claim, 'text/plain');
    expect(response.status).toBe(401);
    expect(handled).toEqual([]);
  });

  it('refuses the same nonce twice (a replay within the window), though body and signature are right', async () => {
    const headers = signed('/api/claims', { bytes: claim });
    expect((await send('/api/claims', headers, claim)).status).toBe(201);
    const again = await send('/api/claims', headers, claim);
    expect(again.status).toBe(401);
    expect((await again.json()) as { detail: string }).toMatchObject({ detail: 'This request was already answered once.' });
    expect(handled).toHaveLength(1);
  });

  it('refuses a signature more than 30 seconds old', async () => {
    expect((await send('/api/claims', signed('/api/claims', { bytes: claim }, Date.now() - 20_000), claim)).status).toBe(201);
    expect((await send('/api/claims', signed('/api/claims', { bytes: claim }, Date.now() - 45_000), claim)).status).toBe(401);
  });

  it('lets a streamed upload through with the length signed, and refuses another length', async () => {
    const file = 'x'.repeat(1000);
    const ok = await send('/api/uploads/1', signed('/api/uploads/1', { streamedLength: 1000 }), file, 'application/pdf');
    expect(ok.status).toBe(201);
    const longer = await send('/api/uploads/1', signed('/api/uploads/1', { streamedLength: 1000 }), `${file}yy`, 'application/pdf');
    expect(longer.status).toBe(401);
    expect(handled).toEqual([{ uploaded: 1000 }]);
  });

  it('refuses a request whose nonce header was swapped for a fresh one (the nonce is signed)', async () => {
    const headers = { ...signed('/api/claims', { bytes: claim }), [FORWARDED_NONCE_HEADER]: 'a-fresh-nonce-nobody-signed' };
    expect((await send('/api/claims', headers, claim)).status).toBe(401);
  });
});

describe('the memory of nonces', () => {
  it('forgets a nonce once its signature could no longer be accepted', () => {
    const memory = new NonceMemory();
    const start = Date.now();
    expect(memory.accept('one', start)).toBe(true);
    expect(memory.accept('one', start + 59_000)).toBe(false);
    expect(memory.accept('two', start + 61_000)).toBe(true);
    expect(memory.size()).toBe(1);
  });
});
