import net, { type AddressInfo } from 'node:net';
import { createHttpServer } from './server';

const TIMEOUTS = { headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, uploadTransferLimitMs: 60_000, uploadStallMs: 5_000 };

describe('a request Node cannot read', () => {
  let server: ReturnType<typeof createHttpServer>;
  let base: string;
  beforeAll(async () => {
    server = createHttpServer((_req, res) => res.end('ok'), TIMEOUTS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // Node reads 16 KB of head at most; the rest of a longer address is still on its way when the
  // answer is written. Closed at once with it unread, the connection was reset and the client saw
  // "fetch failed", not the 431; and on a kept-alive connection (the second case reuses the first's
  // last one) it was dropped unanswered because an earlier answer had been written on it.
  it.each([40_000, 200_000])('answers an address of %i characters with a 431 problem the client can read', async (length) => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/claims?q=${'x'.repeat(length)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
    }
    expect(await (await fetch(`${base}/`)).text()).toBe('ok');
  });
});

describe('a client that stops in the middle of its body', () => {
  it('ends the request at once, unanswered: nobody is left to read an answer', async () => {
    const seen: string[] = [];
    let ended!: () => void;
    const requestEnded = new Promise<void>((resolve) => (ended = resolve));
    const server = createHttpServer((req, res) => {
      req.on('data', () => undefined);
      req.on('end', () => res.end('read it all'));
      req.on('close', () => {
        seen.push(req.complete ? 'complete' : 'cut off');
        ended();
      });
    }, TIMEOUTS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Half-open, as a client whose upload was cut off: it says it has sent everything, and would
      // still read whatever came back.
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      socket.write('POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n' + 'x'.repeat(10));
      socket.end();
      await Promise.all([requestEnded, closed]);
      expect(seen).toEqual(['cut off']);
      expect(Buffer.concat(received).toString()).toBe('');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
