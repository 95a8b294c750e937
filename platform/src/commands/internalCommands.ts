import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod';
import { parseWorkerCommand } from '@cc/contracts';
import { HttpProblem, problems } from '../http/problem';
import { TransientFault } from '../subscriptions/faults';
import { formatPosition, parsePosition, type GlobalPosition } from '../eventstore/types';
import type { CommandBus, SendOptions } from './commandBus';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the shared secret. */
export const INTERNAL_SIGNATURE_HEADER = 'x-cc-internal-signature';
export const INTERNAL_COMMANDS_PATH = '/internal/commands';
/** Where the command service says which position a command reached (a forwarded answer or an internal call's). */
export const WRITE_POSITION_HEADER = 'x-cc-write-position';
/**
 * How far a signature's time may be from the receiver's clock: replays older than this are refused.
 * Short, since the services share a host or an NTP-synchronised network, and a forwarded request's
 * nonce is remembered for this long (forwardedContext).
 */
export const SIGNATURE_WINDOW_SECONDS = 30;

const mac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signInternalRequest(secret: string, body: string, nowMs = Date.now()): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/** True only for a signature made with this secret over exactly this body, recently. */
export function verifyInternalRequest(secret: string, header: string | undefined, body: string, nowMs = Date.now()): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match || !secret) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_WINDOW_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2]!, 'hex'), Buffer.from(mac(secret, timestamp, body), 'hex'));
}

const envelopeSchema = z.object({
  command: z.object({ type: z.string().min(1).max(100), data: z.unknown() }),
  idempotencyKey: z.string().min(1).max(200),
  metadata: z
    .object({
      userId: z.string().nullable().optional(),
      correlationId: z.string().max(200).optional(),
      causationId: z.string().max(200).nullable().optional(),
    })
    .default({}),
});

/**
 * The command service's internal endpoint (docs/decisions/topology.md): workers in other processes submit
 * their commands here. A call without a valid signature of the shared secret over its exact body
 * is refused (401) before anything is parsed; a command that does not match its schema is 400.
 * Mount it on the internal port only, never under the public `/api`.
 */
export function internalCommandRouter(options: { secret: string; commands: CommandBus }): Router {
  if (options.secret.length < 32) throw new Error('The internal secret must be at least 32 characters');
  const router = express.Router();
  router.post(INTERNAL_COMMANDS_PATH, express.raw({ type: () => true, limit: '2mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (!verifyInternalRequest(options.secret, req.get(INTERNAL_SIGNATURE_HEADER), body)) {
      throw problems.unauthorized('This internal endpoint needs a valid signature of the shared secret.');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw problems.badRequest('The request body is not valid JSON.');
    }
    const envelope = envelopeSchema.parse(parsed);
    let command;
    try {
      command = parseWorkerCommand(envelope.command);
    } catch (error) {
      if (error instanceof z.ZodError) throw error;
      throw new HttpProblem(400, 'unknown-command', 'Unknown command', `Unknown worker command ${envelope.command.type}`);
    }
    const position = await options.commands.send(command, { idempotencyKey: envelope.idempotencyKey, metadata: envelope.metadata });
    if (position) res.setHeader(WRITE_POSITION_HEADER, formatPosition(position));
    res.status(204).end();
  });
  return router;
}

/**
 * The CommandBus over HTTP to the command service. The command service down or failing (5xx,
 * network) is a TransientFault, which workers wait out; a refusal (4xx) is the command's own
 * fault and counts toward parking the event that caused it.
 */
export class HttpCommandBus implements CommandBus {
  constructor(private readonly options: { url: string; secret: string; timeoutMs?: number }) {}

  async send(command: Parameters<CommandBus['send']>[0], options: SendOptions): Promise<GlobalPosition | undefined> {
    const body = JSON.stringify({ command, idempotencyKey: options.idempotencyKey, metadata: options.metadata });
    let response: Response;
    try {
      response = await fetch(new URL(INTERNAL_COMMANDS_PATH, this.options.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_SIGNATURE_HEADER]: signInternalRequest(this.options.secret, body) },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new TransientFault(`The command service could not be reached: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    if (response.ok) return parsePosition(response.headers.get(WRITE_POSITION_HEADER) ?? undefined);
    const text = await response.text().catch(() => '');
    const message = `The command service answered ${response.status} to ${command.type}: ${text.slice(0, 500)}`;
    if (response.status >= 500 || response.status === 429) throw new TransientFault(message);
    throw Object.assign(new Error(message), { status: response.status });
  }
}
