import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/**
 * The one way the AI worker talks to an OpenAI-compatible server (OpenAI, or a local Ollama or
 * llama.cpp server): the official `openai` package, pointed at `baseUrl`, with one timeout and
 * retry policy shared by analysis, chat and the wizard's field suggestions.
 *
 * The package's own retries are turned off (`maxRetries: 0`) and `withRetries` below does them,
 * because the callers need what the package does not offer: a base delay tests can shorten, a
 * server's Retry-After honoured up to our cap (the package ignores one over a minute), and a chat
 * round retried after its stream broke, as long as none of its text was shown.
 *
 * Messages here are fixed strings, safe to show users and to log; nothing here logs.
 */

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface AiRetryPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Extra attempts after the first, on 429, 5xx, network errors and timeouts. */
  maxRetries: number;
  /** First backoff delay; doubles per retry, with jitter. */
  retryBaseDelayMs: number;
  /** Upper bound for any single wait, including a server's Retry-After. */
  maxRetryDelayMs: number;
}

export const DEFAULT_AI_RETRY_POLICY: AiRetryPolicy = { timeoutMs: 60_000, maxRetries: 3, retryBaseDelayMs: 500, maxRetryDelayMs: 30_000 };

/** The policy with a caller's settings; one left out or undefined keeps the default. */
export function retryPolicy(options: Partial<AiRetryPolicy>, defaults: AiRetryPolicy = DEFAULT_AI_RETRY_POLICY): AiRetryPolicy {
  return {
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    maxRetries: options.maxRetries ?? defaults.maxRetries,
    retryBaseDelayMs: options.retryBaseDelayMs ?? defaults.retryBaseDelayMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? defaults.maxRetryDelayMs,
  };
}

export interface OpenAiClientOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export function createOpenAiClient({ apiKey, baseUrl = DEFAULT_OPENAI_BASE_URL, timeoutMs, fetchImpl }: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey,
    baseURL: baseUrl.replace(/\/+$/, ''),
    timeout: timeoutMs,
    maxRetries: 0,
    // The package would otherwise read OPENAI_ORG_ID and OPENAI_PROJECT_ID itself: configuration is ours alone.
    organization: null,
    project: null,
    // Its logger prints unparsable stream chunks, which hold the answer: this module never logs.
    logLevel: 'off',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

export interface OpenAiSettings {
  apiKey: string;
  model: string;
  baseUrl?: string;
}

/** OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL; undefined without a key. */
export function openAiSettingsFromEnv(env: Record<string, string | undefined>): OpenAiSettings | undefined {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return undefined;
  const model = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  return { apiKey, model, ...(baseUrl ? { baseUrl } : {}) };
}

export const AI_SERVICE_MESSAGES = {
  unauthorized: 'The AI service refused the request (check OPENAI_API_KEY)',
  timeout: 'The AI service did not answer in time',
  rateLimited: 'The AI service is busy (rate limited); please try again later',
  unavailable: 'The AI service is unavailable right now; please try again later',
  unreachable: 'Could not reach the AI service; please try again later',
  empty: 'The AI service returned an empty answer',
} as const;

/** What went wrong talking to the server, before any caller-specific reading of the answer. */
export type ServiceFault =
  | { kind: 'status'; status: number; code: string | undefined; retryAfterMs: number | undefined }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'aborted' };

/** An API error code like "context_length_exceeded"; anything that is not a short identifier is dropped. */
function safeCode(code: unknown): string | undefined {
  return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
}

/**
 * Reads the package's errors; undefined for anything that is not one of them (an answer we could
 * not parse, a bug). `APIUserAbortError` means our own signal fired: the caller knows whether that
 * was its deadline or the client going away.
 */
export function serviceFaultOf(error: unknown): ServiceFault | undefined {
  if (error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof APIConnectionError) return { kind: 'unreachable' };
  if (error instanceof APIError && typeof error.status === 'number') {
    return {
      kind: 'status',
      status: error.status,
      code: safeCode(error.code),
      retryAfterMs: parseRetryAfter(error.headers?.get('retry-after') ?? null),
    };
  }
  return undefined;
}

/** A status the server may answer differently a moment later. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** Milliseconds from a Retry-After header (seconds or HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether a failed attempt may be tried again, and how soon the server asked us to wait. */
export type RetryVerdict = { retry: false } | { retry: true; retryAfterMs?: number | undefined };

/**
 * Runs `attempt` until it succeeds, `verdict` says its error is final, or the policy's retries are
 * spent; waits with exponential backoff and jitter (or the server's Retry-After) in between. A
 * fired `signal` ends the wait with `onAbort()`.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  policy: Pick<AiRetryPolicy, 'maxRetries' | 'retryBaseDelayMs' | 'maxRetryDelayMs'>,
  verdict: (error: unknown) => RetryVerdict,
  abort?: { signal: AbortSignal; onAbort: () => Error },
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const v = verdict(error);
      if (!v.retry || n >= policy.maxRetries) throw error;
      const backoff = policy.retryBaseDelayMs * 2 ** n * (0.5 + Math.random() / 2);
      await sleep(Math.min(v.retryAfterMs ?? backoff, policy.maxRetryDelayMs), abort);
    }
  }
}

function sleep(ms: number, abort?: { signal: AbortSignal; onAbort: () => Error }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (abort?.signal.aborted) return reject(abort.onAbort());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abort!.onAbort());
    };
    const timer = setTimeout(() => {
      abort?.signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    abort?.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * An attempt's time limit, as a signal to hand the client: it fires `ms` after the start, or after
 * the last `touch()` (a stream that goes silent), and when `parent` fires (the client went away).
 * The package's own `timeout` only covers the wait for the answer's headers; this covers reading it.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout>;
  private timedOut = false;
  private readonly onParentAbort = () => this.controller.abort();

  constructor(
    private readonly ms: number,
    private readonly parent?: AbortSignal,
  ) {
    this.timer = this.arm();
    parent?.addEventListener('abort', this.onParentAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True when the time ran out (not when the parent fired). */
  get expired(): boolean {
    return this.timedOut;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = this.arm();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.parent?.removeEventListener('abort', this.onParentAbort);
  }

  private arm() {
    return setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }
}
