import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Telling faults apart (docs/decisions/subscriptions.md): a subscriber must wait out a database or network that is
 * unavailable for a while, and only hold an *event* responsible for a failure that is its own.
 */

/** Socket and DNS error codes of Node that mean "the other side could not be reached just now". */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENETRESET',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EADDRNOTAVAIL',
]);

/**
 * PostgreSQL SQLSTATEs that say nothing about the statement's data: the server, the connection or
 * the moment was the problem, and the same statement will work later.
 */
function isTransientSqlState(code: string): boolean {
  if (code.startsWith('08')) return true; // connection exception
  if (code.startsWith('53')) return true; // insufficient resources: disk full, out of memory, too many connections
  if (code.startsWith('58')) return true; // system error (I/O) outside PostgreSQL
  return [
    '40001', // serialization failure
    '40P01', // deadlock detected
    '55P03', // lock not available
    '57P01', // admin shutdown
    '57P02', // crash shutdown
    '57P03', // cannot connect now (starting up, shutting down, in recovery)
    '57P05', // idle session timeout
    '25006', // read-only transaction: a fail-over that left us on a standby for a moment
  ].includes(code);
}

/** Messages of the pg driver and of knex's pool for a connection that was lost or never made. */
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection (?:error|timeout)/i,
  /timeout (?:expired|exceeded)/i,
  /client has encountered a connection error/i,
  /timeout acquiring a connection/i,
  /server closed the connection unexpectedly/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  // A wrapper that kept only the text of a socket error ("connect ECONNREFUSED 10.0.0.5:9000"): the
  // AWS SDK wraps what it does not recognise as an Error this way.
  new RegExp(`\\b(?:${[...TRANSIENT_NODE_CODES].join('|')})\\b`),
];

type ErrorLike = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  type?: unknown;
  transient?: unknown;
  $fault?: unknown;
  $retryable?: unknown;
};

/**
 * Thrown by an adapter for a failure that is the other side's, not the event's (a Kafka broker or
 * the command service unavailable): subscribers wait it out and never park for it.
 */
export class TransientFault extends Error {
  readonly transient = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientFault';
  }
}

/** EventStoreDB client error types that mean "not reachable just now". */
const TRANSIENT_EVENTSTORE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'timeout', 'not-leader']);

function isTransientOne(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (TRANSIENT_NODE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code)))) return true;
  if (error.name === 'KnexTimeoutError') return true;
  if (error.transient === true) return true;
  if (typeof error.type === 'string' && TRANSIENT_EVENTSTORE_TYPES.has(error.type)) return true;
  // The AWS SDK (S3 and S3-compatible services) marks a 5xx as the server's fault, and throttling as retryable.
  if (error.$fault === 'server' || (typeof error.$retryable === 'object' && error.$retryable !== null)) return true;
  // A request given up after its own time limit (the SDKs' socket timeouts, AbortSignal.timeout).
  if (error.name === 'TimeoutError') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when the error comes from the database or the network being unavailable (or a transaction
 * losing a race) rather than from what is being processed. Wrapped causes and the parts of an
 * AggregateError (Node's connect to several addresses) are looked at too.
 */
export function isTransientFault(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as ErrorLike;
  if (isTransientOne(candidate)) return true;
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isTransientFault(inner, depth + 1))) return true;
  return isTransientFault(candidate.cause, depth + 1);
}

/** Capped exponential backoff with a little jitter, so many subscribers do not retry in lockstep. */
export function backoffMs(attempt: number, capMs: number, baseMs = 50): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(exponential * (0.8 + Math.random() * 0.2));
}

export interface TransientRetryOptions {
  /** No try starts after this (epoch ms): the fault that would have waited past it is thrown instead. */
  deadline: number;
  /** Stops a wait between tries (the wait then rejects). */
  signal?: AbortSignal;
  /** First wait; it doubles per try up to `capMs`. */
  baseMs?: number;
  capMs?: number;
  /** Told of each transient fault before its wait. */
  onFault?: (error: unknown, attempt: number, waitMs: number) => void;
}

/**
 * Runs `work` until it succeeds, fails with something that is not a transient fault (thrown at
 * once), or the next try would start after the deadline (the last fault is thrown). Work that has
 * its own deadline waits out an outage of what it depends on for as long as that allows.
 */
export async function retryTransientFaults<T>(work: () => Promise<T>, options: TransientRetryOptions): Promise<T> {
  const baseMs = options.baseMs ?? 500;
  const capMs = options.capMs ?? 15_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientFault(error)) throw error;
      const waitMs = backoffMs(attempt - 1, capMs, baseMs);
      if (Date.now() + waitMs > options.deadline) throw error;
      options.onFault?.(error, attempt, waitMs);
      await sleep(waitMs, undefined, { signal: options.signal });
    }
  }
}
