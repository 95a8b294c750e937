import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import type { Knex } from '../db/knex';
import { createLogger } from '../logger';
import type { GlobalPosition } from '../eventstore/types';
import { answerCommand, COMMAND_ACCEPTED_DETAIL } from './commandAnswer';
import type { RequestContext } from './context';
import { problemHandler } from './problem';

const POSITION: GlobalPosition = { txId: 7n, seq: 3n };

/** A real HTTP server with one command route whose read-back does what `read` and `waitFor` do. */
async function serve(behaviour: {
  read: () => Promise<unknown>;
  waitFor?: () => Promise<void>;
  /** A read-back that sends the session's record within its own statement (`readAlongside`). */
  alongside?: boolean;
}) {
  const logs: string[] = [];
  const recorded: (GlobalPosition | undefined)[] = [];
  /** The records handed to the read-back, to send within its statement. */
  const handed: GlobalPosition[] = [];
  const logger = createLogger('info', new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }));
  const app = express();
  app.use((_req, res, next) => {
    const ctx: RequestContext = {
      correlationId: 'c-1',
      auth: undefined,
      logger,
      recordWrite: async (p) => void recorded.push(p),
      recordWriteStatement: (p) => (handed.push(p), { position: p } as unknown as Knex.Raw),
    };
    res.locals.ctx = ctx;
    next();
  });
  app.post('/things', async (_req, res) => {
    await answerCommand(res, {
      position: POSITION,
      waitFor: behaviour.waitFor ?? (async () => undefined),
      read: behaviour.read,
      readAlongside: behaviour.alongside
        ? async (statement) => {
            expect(statement).toEqual({ position: POSITION });
            return behaviour.read();
          }
        : undefined,
      status: 201,
      accepted: { id: 'thing-1', location: '/things/thing-1' },
    });
  });
  app.use(problemHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/things`;
  const res = await fetch(url, { method: 'POST' });
  const answer = { status: res.status, location: res.headers.get('location'), body: await res.json(), logs, recorded, handed };
  server.close();
  return answer;
}

describe('answerCommand', () => {
  it('answers with what the read side shows, after remembering the write', async () => {
    const res = await serve({ read: async () => ({ id: 'thing-1', name: 'Thing' }) });
    expect(res).toMatchObject({ status: 201, body: { id: 'thing-1', name: 'Thing' }, location: null, recorded: [POSITION] });
  });

  it('answers 202 with the id and where to read it when the read side does not show it yet', async () => {
    const res = await serve({ read: async () => undefined });
    expect(res).toMatchObject({ status: 202, location: '/things/thing-1', body: { id: 'thing-1', detail: COMMAND_ACCEPTED_DETAIL } });
    expect(res.logs.join('')).toContain('does not show');
  });

  it('answers 202, never an error, when the read fails, and logs why', async () => {
    const res = await serve({ read: async () => Promise.reject(new Error('relation "things" does not exist')) });
    expect(res).toMatchObject({ status: 202, location: '/things/thing-1', body: { id: 'thing-1' } });
    const line = JSON.parse(res.logs.find((l) => l.includes('reading back after a command failed'))!);
    expect(line).toMatchObject({ level: 40, position: '7.3', err: { message: 'relation "things" does not exist' } });
  });

  it('answers 202 when waiting for the read side fails', async () => {
    const res = await serve({ read: async () => ({ id: 'thing-1' }), waitFor: async () => Promise.reject(new Error('pool exhausted')) });
    expect(res.status).toBe(202);
  });

  it('hands the record of the write to a read-back that sends it within its own statement, and makes no other', async () => {
    const res = await serve({ read: async () => ({ id: 'thing-1' }), alongside: true });
    expect(res).toMatchObject({ status: 201, body: { id: 'thing-1' }, handed: [POSITION], recorded: [] });
  });

  it('records the write on its own when that read-back fails, and answers 202', async () => {
    const res = await serve({ read: async () => Promise.reject(new Error('connection terminated')), alongside: true });
    expect(res).toMatchObject({ status: 202, handed: [POSITION], recorded: [POSITION] });
    expect(res.logs.join('')).toContain('reading back after a command failed');
  });
});
