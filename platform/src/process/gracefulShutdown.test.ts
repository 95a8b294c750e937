import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '../logger';
import { gracefulShutdown } from './gracefulShutdown';
import { afterAnswer } from './pendingWork';

function setUp(drainMs: number, handler: http.RequestListener) {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const server = http.createServer(handler);
  const exits: number[] = [];
  const shutdown = gracefulShutdown({ server, logger, drainMs, exit: (code) => exits.push(code) });
  return { server, shutdown, lines, exits };
}

/** Resolves once the server has the request: a fixed pause may end first on a loaded machine, and a request accepted after the drain cut off would hang. */
function arrival() {
  let mark!: () => void;
  const arrived = new Promise<void>((resolve) => (mark = resolve));
  return { arrived, mark };
}

const listen = async (server: http.Server) => {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('gracefulShutdown', () => {
  it('lets a request under way finish, then runs the steps last-added first and exits with the code', async () => {
    const order: string[] = [];
    const { arrived, mark } = arrival();
    const { server, shutdown, lines, exits } = setUp(5000, (_req, res) => {
      mark();
      setTimeout(() => res.end('done'), 300);
    });
    const base = await listen(server);
    shutdown.onStop(async () => void order.push('database'));
    shutdown.onStop(async () => void order.push('services'));
    const slow = fetch(base);
    await arrived;
    const stopped = shutdown.stop('SIGTERM', 0);
    expect(shutdown.stopping).toBe(true);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.text()).toBe('done');
    await stopped;
    expect(order).toEqual(['services', 'database']);
    expect(exits).toEqual([0]);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    // Asking again changes nothing.
    await shutdown.stop('SIGINT', 130);
    expect(exits).toEqual([0]);
  });

  it('waits for work a request still does after its answer before it stops the services', async () => {
    const order: string[] = [];
    const { server, shutdown, lines, exits } = setUp(5000, (_req, res) => {
      afterAnswer(
        async () => {
          await new Promise((r) => setTimeout(r, 400));
          order.push('recorded');
        },
        () => order.push('lost'),
      );
      res.end('accepted');
    });
    const base = await listen(server);
    shutdown.onStop(async () => void order.push('services'));
    expect(await (await fetch(base)).text()).toBe('accepted');
    await shutdown.stop('SIGTERM', 0);
    expect(order).toEqual(['recorded', 'services']);
    expect(exits).toEqual([0]);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('cuts off a request still running after the drain time, with a warning, and a failed step makes the exit code 1', async () => {
    const { arrived, mark } = arrival();
    const { server, shutdown, lines, exits } = setUp(200, () => mark());
    const base = await listen(server);
    shutdown.onStop(async () => {
      throw new Error('pool would not close');
    });
    const hanging = fetch(base).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived;
    await shutdown.stop('SIGTERM', 0);
    expect(await hanging).toBe('cut off');
    expect(lines.find((l) => l.level === 40)?.msg).toMatch(/cut off/);
    expect(lines.find((l) => l.level === 50)?.msg).toMatch(/a step failed/);
    expect(exits).toEqual([1]);
  });

  it('takes SIGTERM and SIGINT from other listeners, such as an exit hook that would stop the database at once', () => {
    const { shutdown } = setUp(100, () => undefined);
    const before = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
    const other = () => undefined;
    process.on('SIGTERM', other);
    shutdown.claimSignals();
    try {
      expect(process.listeners('SIGTERM')).not.toContain(other);
      expect(process.listeners('SIGTERM')).toHaveLength(1);
      expect(process.listeners('SIGINT')).toHaveLength(1);
    } finally {
      for (const [signal, listeners] of Object.entries(before)) {
        process.removeAllListeners(signal);
        for (const listener of listeners) process.on(signal, listener);
      }
    }
  });
});
