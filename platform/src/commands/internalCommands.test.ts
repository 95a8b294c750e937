import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { WorkerCommand } from '@cc/contracts';
import { createLogger } from '../logger';
import { problemHandler } from '../http/problem';
import { isTransientFault } from '../subscriptions/faults';
import type { GlobalPosition } from '../eventstore/types';
import type { SendOptions } from './commandBus';
import {
  HttpCommandBus,
  INTERNAL_COMMANDS_PATH,
  INTERNAL_SIGNATURE_HEADER,
  internalCommandRouter,
  signInternalRequest,
} from './internalCommands';

const SECRET = 'a-shared-secret-of-at-least-32-characters!';
const fail: WorkerCommand = {
  type: 'FailDocumentAnalysis',
  data: { documentId: '7f0c1c52-5a4e-4a55-9a3c-8f2d1b9e0a11', analysisId: '0b6f3f0e-8d5c-4d0e-9a57-5b8c9b2f1a11', reason: 'engine down' },
};

describe('internal command calls over HTTP', () => {
  let server: Server;
  let url: string;
  const received: { command: WorkerCommand; options: SendOptions }[] = [];
  let answer: 'ok' | 'crash' = 'ok';
  let reached: GlobalPosition | undefined;

  beforeAll(async () => {
    const app = express();
    app.use(
      internalCommandRouter({
        secret: SECRET,
        commands: {
          async send(command, options) {
            if (answer === 'crash') throw new Error('database on fire');
            received.push({ command, options });
            return reached;
          },
        },
      }),
    );
    app.use(problemHandler(createLogger('silent')));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    received.length = 0;
    answer = 'ok';
    reached = undefined;
  });

  const post = (body: string, signature?: string) =>
    fetch(`${url}${INTERNAL_COMMANDS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { [INTERNAL_SIGNATURE_HEADER]: signature } : {}) },
      body,
    });

  it('carries a worker command with its idempotency key and metadata to the command service', async () => {
    const bus = new HttpCommandBus({ url, secret: SECRET });
    await bus.send(fail, { idempotencyKey: 'worker:analysis:e1', metadata: { userId: null, correlationId: 'corr-1', causationId: 'e1' } });
    expect(received).toEqual([
      {
        command: fail,
        options: { idempotencyKey: 'worker:analysis:e1', metadata: { userId: null, correlationId: 'corr-1', causationId: 'e1' } },
      },
    ]);
  });

  it('answers the position the command reached, when the command service reports one', async () => {
    const bus = new HttpCommandBus({ url, secret: SECRET });
    expect(await bus.send(fail, { idempotencyKey: 'k1', metadata: {} })).toBeUndefined();
    reached = { txId: 9_007_199_254_740_993n, seq: 12n };
    expect(await bus.send(fail, { idempotencyKey: 'k2', metadata: {} })).toEqual(reached);
  });

  it.each([
    ['no signature', () => undefined],
    ['another secret', (body: string) => signInternalRequest('some-other-secret-that-is-long-enough!!', body)],
    ['a signature ten minutes old (a replay)', (body: string) => signInternalRequest(SECRET, body, Date.now() - 600_000)],
    ['a signature of another body', () => signInternalRequest(SECRET, JSON.stringify({ command: fail, idempotencyKey: 'other' }))],
    ['a malformed header', () => 'v1=deadbeef'],
  ])('refuses a call with %s (401 problem details), and nothing is sent', async (_name, sign) => {
    const body = JSON.stringify({ command: fail, idempotencyKey: 'k' });
    const response = await post(body, sign(body));
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await response.json()).detail).toMatch(/valid signature/);
    expect(received).toEqual([]);
  });

  it('answers 400 naming the field for a signed command that does not match its schema', async () => {
    const body = JSON.stringify({
      command: { type: 'FailDocumentAnalysis', data: { ...fail.data, documentId: 'nope' } },
      idempotencyKey: 'k',
    });
    const response = await post(body, signInternalRequest(SECRET, body));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('documentId');
    const unknown = JSON.stringify({ command: { type: 'DropAllTables', data: {} }, idempotencyKey: 'k' });
    expect((await post(unknown, signInternalRequest(SECRET, unknown))).status).toBe(400);
    expect(received).toEqual([]);
  });

  it('tells the worker a refusal (permanent) from a command service that is down or failing (transient)', async () => {
    const refused = await new HttpCommandBus({ url, secret: 'some-other-secret-that-is-long-enough!!' })
      .send(fail, { idempotencyKey: 'k', metadata: {} })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401 });
    expect(isTransientFault(refused)).toBe(false);
    answer = 'crash';
    const failing = await new HttpCommandBus({ url, secret: SECRET })
      .send(fail, { idempotencyKey: 'k', metadata: {} })
      .catch((error: unknown) => error);
    expect(isTransientFault(failing)).toBe(true);
    const down = await new HttpCommandBus({ url: 'http://127.0.0.1:1', secret: SECRET })
      .send(fail, { idempotencyKey: 'k', metadata: {} })
      .catch((error: unknown) => error);
    expect(isTransientFault(down)).toBe(true);
  });

  it('will not start with a short secret', () => {
    expect(() => internalCommandRouter({ secret: 'short', commands: { send: async () => undefined } })).toThrow(/at least 32/);
  });
});
