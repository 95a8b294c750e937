import { ANALYSIS_SECTIONS, analysisResultSchema, type AnalysisResult, type AnalysisType } from '@cc/contracts';
import type OpenAI from 'openai';
import { z } from 'zod';
import {
  AI_SERVICE_MESSAGES,
  createOpenAiClient,
  Deadline,
  isRetryableStatus,
  openAiSettingsFromEnv,
  retryPolicy,
  serviceFaultOf,
  withRetries,
  type AiRetryPolicy,
} from '../../openai/client';
import { type AnalysisEngine } from '../types';
import { systemPromptFor } from './prompts';

/**
 * AnalysisEngine backed by the OpenAI Chat Completions API (or any compatible server, via
 * `baseUrl`), through the shared client of `openai/client`. The model answers with structured output against a JSON
 * Schema derived from the contracts' zod schema; the answer is validated with that zod schema again,
 * since `strict: false` lets the model stray.
 *
 * Privacy: the document text goes into the request body and nowhere else. Error messages are fixed
 * strings (plus HTTP status or an API error code), so they are safe to show users and to log. This
 * module does not log.
 */

export const OPENAI_ENGINE_NAME = 'openai';

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
  /** How long the server asked us to wait before trying again (Retry-After), when it did. */
  readonly retryAfterMs: number | undefined;

  constructor(
    reason: AnalysisFailureReason,
    message: string,
    opts: { retryable?: boolean; status?: number; details?: readonly string[]; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.retryable = opts.retryable ?? false;
    this.status = opts.status;
    this.details = opts.details ?? [];
    this.retryAfterMs = opts.retryAfterMs;
  }

  /** A retryable failure is the service's, not the document's: `isTransientFault` (platform) reads this. */
  get transient(): boolean {
    return this.retryable;
  }
}

export interface OpenAiEngineOptions extends Partial<AiRetryPolicy> {
  apiKey: string;
  model: string;
  baseUrl?: string;
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
  ...AI_SERVICE_MESSAGES,
  tooLong: 'The document is too long for the AI model',
  refused: 'The AI model declined to analyse this document',
  truncated: 'The AI answer was cut off before it was complete',
  notJson: 'The AI service returned an answer that is not valid JSON',
  mismatch: 'The AI service returned an answer in an unexpected format',
  emptyDocument: 'The document has no text to analyse',
} as const;

/** Strips a Markdown code fence some compatible servers wrap JSON in. */
function unfence(content: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return m ? m[1]! : content;
}

/** The package's error for one attempt, as the analysis failure a caller can show and classify. */
function analysisFailureOf(error: unknown, deadline: Deadline): AnalysisFailedError {
  if (error instanceof AnalysisFailedError) return error;
  const fault = serviceFaultOf(error);
  if (deadline.expired || fault?.kind === 'timeout' || fault?.kind === 'aborted') {
    return new AnalysisFailedError('timeout', MSG.timeout, { retryable: true });
  }
  if (fault?.kind === 'unreachable') return new AnalysisFailedError('unreachable', MSG.unreachable, { retryable: true, cause: error });
  if (fault?.kind === 'status') {
    const { status, code, retryAfterMs } = fault;
    if (isRetryableStatus(status)) {
      return status === 429
        ? new AnalysisFailedError('rate-limited', MSG.rateLimited, { status, retryable: true, retryAfterMs })
        : new AnalysisFailedError('unavailable', MSG.unavailable, { status, retryable: true, retryAfterMs });
    }
    if (status === 401 || status === 403) return new AnalysisFailedError('unauthorized', MSG.unauthorized, { status });
    if (code === 'context_length_exceeded') return new AnalysisFailedError('document-too-long', MSG.tooLong, { status });
    const hint = status === 404 ? '; check OPENAI_MODEL and OPENAI_BASE_URL' : '';
    return new AnalysisFailedError('rejected', `The AI service rejected the request (HTTP ${status}${code ? `, ${code}` : ''}${hint})`, {
      status,
    });
  }
  // A 200 whose body is not JSON: the package fails to parse it (by name: fetch's SyntaxError may come from another realm).
  if ((error as { name?: unknown } | null)?.name === 'SyntaxError')
    return new AnalysisFailedError('invalid-answer', MSG.notJson, { status: 200 });
  // The connection lost while the answer was read.
  return new AnalysisFailedError('unreachable', MSG.unreachable, { retryable: true, cause: error });
}

/** The parsed body; a compatible server that answers JSON under another content type gets it parsed here. */
function asJsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return body === '' ? undefined : JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function createOpenAiEngine({ apiKey, model, baseUrl, fetchImpl, ...policyOptions }: OpenAiEngineOptions): AnalysisEngine {
  const policy = retryPolicy(policyOptions);
  const client = createOpenAiClient({ apiKey, baseUrl, timeoutMs: policy.timeoutMs, fetchImpl });

  /** One attempt; its time limit covers the request and reading the answer. */
  async function attempt(body: OpenAI.ChatCompletionCreateParamsNonStreaming): Promise<unknown> {
    const deadline = new Deadline(policy.timeoutMs);
    try {
      const answer = asJsonBody(await client.chat.completions.create(body, { signal: deadline.signal }));
      if (answer === undefined) throw new AnalysisFailedError('invalid-answer', MSG.notJson, { status: 200 });
      return answer;
    } catch (error) {
      throw analysisFailureOf(error, deadline);
    } finally {
      deadline.clear();
    }
  }

  const complete = (body: OpenAI.ChatCompletionCreateParamsNonStreaming) =>
    withRetries(
      () => attempt(body),
      policy,
      (error) =>
        error instanceof AnalysisFailedError && error.retryable ? { retry: true, retryAfterMs: error.retryAfterMs } : { retry: false },
    );

  function toResult(answer: unknown, analysisType: AnalysisType): AnalysisResult {
    const choice = (answer as { choices?: unknown[] } | null)?.choices?.[0] as
      { finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } } | undefined;
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
    const candidate: Record<string, unknown> = {
      ...(data as Record<string, unknown>),
      analysisType,
      engine: { name: OPENAI_ENGINE_NAME, model },
    };
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
      const body: OpenAI.ChatCompletionCreateParamsNonStreaming = {
        model,
        messages: [
          { role: 'system', content: systemPromptFor(analysisType) },
          { role: 'user', content: text },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'analysis_result', strict: false, schema: responseJsonSchemaFor(analysisType) },
        },
      };
      return toResult(await complete(body), analysisType);
    },
  };
}

/** The engine configured by OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL; undefined without a key. */
export function fromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Omit<OpenAiEngineOptions, 'apiKey' | 'model' | 'baseUrl'>> = {},
): AnalysisEngine | undefined {
  const settings = openAiSettingsFromEnv(env);
  return settings && createOpenAiEngine({ ...overrides, ...settings });
}
