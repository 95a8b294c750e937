import { ANALYSIS_SECTIONS, analysisResultSchema, type AnalysisResult, type AnalysisType } from '@cc/contracts';
import { z } from 'zod';
import { type AnalysisEngine } from '../types';
import { systemPromptFor } from './prompts';

/**
 * AnalysisEngine backed by the OpenAI Chat Completions API (or any compatible server, via
 * `baseUrl`), with plain `fetch`: no SDK. The model answers with structured output against a JSON
 * Schema derived from the contracts' zod schema; the answer is validated with that zod schema again,
 * since `strict: false` lets the model stray.
 *
 * Privacy: the document text goes into the request body and nowhere else. Error messages are fixed
 * strings (plus HTTP status or an API error code), so they are safe to show users and to log. This
 * module does not log.
 */

export const OPENAI_ENGINE_NAME = 'openai';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export type AnalysisFailureReason =
  | 'empty-document'
  | 'unauthorized'
  | 'rejected'
  | 'document-too-long'
  | 'rate-limited'
  | 'unavailable'
  | 'unreachable'
  | 'timeout'
  | 'refused'
  | 'truncated'
  | 'invalid-answer';

/** An analysis that could not be produced; `message` is safe to show the user (never holds document text). */
export class AnalysisFailedError extends Error {
  override readonly name = 'AnalysisFailedError';
  readonly reason: AnalysisFailureReason;
  /** True when trying again later may succeed (rate limit, outage, timeout, network). */
  readonly retryable: boolean;
  /** HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  /** Schema issues (path and zod message, no values) when the answer did not match the schema. */
  readonly details: readonly string[];

  constructor(
    reason: AnalysisFailureReason,
    message: string,
    opts: { retryable?: boolean; status?: number; details?: readonly string[]; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.retryable = opts.retryable ?? false;
    this.status = opts.status;
    this.details = opts.details ?? [];
  }

  /** A retryable failure is the service's, not the document's: `isTransientFault` (platform) reads this. */
  get transient(): boolean {
    return this.retryable;
  }
}

export interface OpenAiEngineOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  /** Per attempt, covering the request and reading the answer. */
  timeoutMs?: number;
  /** Extra attempts after the first, on 429, 5xx, network errors and timeouts. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry, with jitter. */
  retryBaseDelayMs?: number;
  /** Upper bound for any single wait, including a server's Retry-After. */
  maxRetryDelayMs?: number;
  fetchImpl?: typeof fetch;
}

const schemaCache = new Map<AnalysisType, Record<string, unknown>>();

/**
 * The JSON Schema sent as `response_format` for one analysis type: the contracts' schema without the
 * fields the engine sets itself (`analysisType`, `engine`) and without sections the type does not use,
 * with the type's sections made required.
 */
export function responseJsonSchemaFor(analysisType: AnalysisType): Record<string, unknown> {
  const cached = schemaCache.get(analysisType);
  if (cached) return cached;
  const full = z.toJSONSchema(analysisResultSchema) as Record<string, unknown>;
  const properties = { ...(full.properties as Record<string, unknown>) };
  const wanted = new Set<string>(ANALYSIS_SECTIONS[analysisType]);
  const allSections = new Set<string>(Object.values(ANALYSIS_SECTIONS).flat());
  delete properties.analysisType;
  delete properties.engine;
  for (const section of allSections) if (!wanted.has(section)) delete properties[section];
  const required = (full.required as string[]).filter((k) => k in properties);
  for (const section of wanted) if (!required.includes(section)) required.push(section);
  const schema = { type: 'object', properties, required, additionalProperties: false };
  schemaCache.set(analysisType, schema);
  return schema;
}

const MSG = {
  unauthorized: 'The AI service refused the request (check OPENAI_API_KEY)',
  timeout: 'The AI service did not answer in time',
  rateLimited: 'The AI service is busy (rate limited); please try again later',
  unavailable: 'The AI service is unavailable right now; please try again later',
  unreachable: 'Could not reach the AI service; please try again later',
  tooLong: 'The document is too long for the AI model',
  refused: 'The AI model declined to analyse this document',
  truncated: 'The AI answer was cut off before it was complete',
  empty: 'The AI service returned an empty answer',
  notJson: 'The AI service returned an answer that is not valid JSON',
  mismatch: 'The AI service returned an answer in an unexpected format',
  emptyDocument: 'The document has no text to analyse',
} as const;

/** An API error code like "context_length_exceeded"; anything that is not a short identifier is dropped. */
function apiErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
}

/** Milliseconds from a Retry-After header (seconds or HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Strips a Markdown code fence some compatible servers wrap JSON in. */
function unfence(content: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return m ? m[1]! : content;
}

type Attempt =
  | { kind: 'answer'; body: unknown }
  | { kind: 'retry'; error: AnalysisFailedError; retryAfterMs?: number }
  | { kind: 'fail'; error: AnalysisFailedError };

export function createOpenAiEngine({
  apiKey,
  model,
  baseUrl = DEFAULT_OPENAI_BASE_URL,
  timeoutMs = 60_000,
  maxRetries = 3,
  retryBaseDelayMs = 500,
  maxRetryDelayMs = 30_000,
  fetchImpl = fetch,
}: OpenAiEngineOptions): AnalysisEngine {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function attempt(body: string): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body,
        signal: controller.signal,
      });
      const raw = await res.text();
      let parsed: unknown;
      try {
        parsed = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      const status = res.status;
      if (res.ok) {
        if (parsed === undefined) return { kind: 'fail', error: new AnalysisFailedError('invalid-answer', MSG.notJson, { status }) };
        return { kind: 'answer', body: parsed };
      }
      if (status === 429 || status >= 500) {
        const error =
          status === 429
            ? new AnalysisFailedError('rate-limited', MSG.rateLimited, { status, retryable: true })
            : new AnalysisFailedError('unavailable', MSG.unavailable, { status, retryable: true });
        return { kind: 'retry', error, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) };
      }
      if (status === 401 || status === 403) {
        return { kind: 'fail', error: new AnalysisFailedError('unauthorized', MSG.unauthorized, { status }) };
      }
      const code = apiErrorCode(parsed);
      if (code === 'context_length_exceeded') {
        return { kind: 'fail', error: new AnalysisFailedError('document-too-long', MSG.tooLong, { status }) };
      }
      const hint = status === 404 ? '; check OPENAI_MODEL and OPENAI_BASE_URL' : '';
      const message = `The AI service rejected the request (HTTP ${status}${code ? `, ${code}` : ''}${hint})`;
      return { kind: 'fail', error: new AnalysisFailedError('rejected', message, { status }) };
    } catch (err) {
      if (controller.signal.aborted) {
        return { kind: 'retry', error: new AnalysisFailedError('timeout', MSG.timeout, { retryable: true }) };
      }
      return { kind: 'retry', error: new AnalysisFailedError('unreachable', MSG.unreachable, { retryable: true, cause: err }) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function complete(body: string): Promise<unknown> {
    for (let n = 0; ; n++) {
      const result = await attempt(body);
      if (result.kind === 'answer') return result.body;
      if (result.kind === 'fail' || n >= maxRetries) throw result.error;
      const backoff = retryBaseDelayMs * 2 ** n * (0.5 + Math.random() / 2);
      await sleep(Math.min(result.retryAfterMs ?? backoff, maxRetryDelayMs));
    }
  }

  function toResult(answer: unknown, analysisType: AnalysisType): AnalysisResult {
    const choice = (answer as { choices?: unknown[] } | null)?.choices?.[0] as
      | { finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } }
      | undefined;
    const message = choice?.message;
    if (typeof message?.refusal === 'string' && message.refusal !== '') throw new AnalysisFailedError('refused', MSG.refused);
    if (choice?.finish_reason === 'content_filter') throw new AnalysisFailedError('refused', MSG.refused);
    if (choice?.finish_reason === 'length') throw new AnalysisFailedError('truncated', MSG.truncated);
    const content = message?.content;
    if (typeof content !== 'string' || content.trim() === '') throw new AnalysisFailedError('invalid-answer', MSG.empty);
    let data: unknown;
    try {
      data = JSON.parse(unfence(content));
    } catch {
      throw new AnalysisFailedError('invalid-answer', MSG.notJson);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new AnalysisFailedError('invalid-answer', MSG.mismatch, { details: ['(root): expected an object'] });
    }
    const candidate: Record<string, unknown> = { ...(data as Record<string, unknown>), analysisType, engine: { name: OPENAI_ENGINE_NAME, model } };
    const wanted = new Set<string>(ANALYSIS_SECTIONS[analysisType]);
    for (const section of new Set<string>(Object.values(ANALYSIS_SECTIONS).flat())) {
      if (!wanted.has(section)) delete candidate[section];
    }
    const parsed = analysisResultSchema.safeParse(candidate);
    if (!parsed.success) {
      const details = parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw new AnalysisFailedError('invalid-answer', MSG.mismatch, { details });
    }
    return parsed.data;
  }

  return {
    name: OPENAI_ENGINE_NAME,
    model,
    async analyze({ text, analysisType }) {
      if (text.trim() === '') throw new AnalysisFailedError('empty-document', MSG.emptyDocument);
      const body = JSON.stringify({
        model,
        messages: [
          { role: 'system', content: systemPromptFor(analysisType) },
          { role: 'user', content: text },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'analysis_result', strict: false, schema: responseJsonSchemaFor(analysisType) },
        },
      });
      return toResult(await complete(body), analysisType);
    },
  };
}

/** The engine configured by OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL; undefined without a key. */
export function fromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Omit<OpenAiEngineOptions, 'apiKey' | 'model' | 'baseUrl'>> = {},
): AnalysisEngine | undefined {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return undefined;
  const model = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  return createOpenAiEngine({ ...overrides, apiKey, model, ...(baseUrl ? { baseUrl } : {}) });
}
