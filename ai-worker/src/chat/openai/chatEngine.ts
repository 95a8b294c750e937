import type { Citation } from '@cc/contracts';
import type OpenAI from 'openai';
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
import { searchKnowledge, type KnowledgeHit } from '../knowledge/search';
import { CHAT_TOOLS } from '../tools';
import { claimCitation, documentCitation } from '../tools/types';
import {
  cancelled,
  ChatEngineError,
  type ChatCallOptions,
  type ChatFailureReason,
  type ChatEngine,
  type ChatRequest,
  type EngineAnswer,
} from '../types';
import { fileAsContext } from '../veteranFile';
import { chatSystemPrompt } from './prompt';

/**
 * The chat engine on any OpenAI-compatible server (OpenAI, or a local Ollama or llama.cpp server
 * for private use): streaming chat completions, the offline engine's tools as functions, and the
 * same knowledge passages as context, through the shared client of `openai/client`. Errors are
 * fixed strings (with a status or an API code), so they are safe to show and log; this module
 * never logs, and never puts the question or the answer in an error.
 */
export const OPENAI_CHAT_ENGINE_NAME = 'openai';

/**
 * `timeoutMs` is per attempt: until the answer starts, and then the longest silence between two
 * pieces. Retries (429, 5xx, network errors, timeouts) happen only while nothing has streamed yet.
 */
export interface OpenAiChatEngineOptions extends Partial<AiRetryPolicy> {
  apiKey: string;
  model: string;
  baseUrl?: string;
  /** Rounds of tool calls before the model must answer. */
  maxToolRounds?: number;
  /** Earlier turns sent along. */
  maxHistory?: number;
  fetchImpl?: typeof fetch;
}

type ToolCall = OpenAI.ChatCompletionMessageFunctionToolCall;
type Message = OpenAI.ChatCompletionMessageParam;

interface RoundResult {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
}

const MSG = {
  ...AI_SERVICE_MESSAGES,
  broken: 'The AI service stopped in the middle of the answer',
  refused: 'The AI model declined to answer this question',
} as const;

/** A chat round that could not be made, with the server's Retry-After when it gave one. */
class RoundError extends ChatEngineError {
  constructor(
    reason: ChatFailureReason,
    message: string,
    retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(reason, message, retryable);
  }
}

/** The package's error for one round, as the chat failure a caller can show. */
function chatFailureOf(error: unknown, deadline: Deadline, streamed: boolean): ChatEngineError {
  if (error instanceof ChatEngineError) return error;
  const fault = serviceFaultOf(error);
  if (deadline.expired || fault?.kind === 'timeout') return new ChatEngineError('timeout', MSG.timeout, !streamed);
  if (fault?.kind === 'status') {
    const { status, retryAfterMs } = fault;
    if (status === 429) return new RoundError('rate-limited', MSG.rateLimited, true, retryAfterMs);
    if (isRetryableStatus(status)) return new RoundError('unavailable', MSG.unavailable, true, retryAfterMs);
    if (status === 401 || status === 403) return new ChatEngineError('unauthorized', MSG.unauthorized);
    const hint = status === 404 ? '; check OPENAI_MODEL and OPENAI_BASE_URL' : '';
    return new ChatEngineError('rejected', `The AI service rejected the request (HTTP ${status}${hint})`);
  }
  return new ChatEngineError('unreachable', streamed ? MSG.broken : MSG.unreachable, !streamed, { cause: error });
}

const TOOL_DEFINITIONS: OpenAI.ChatCompletionFunctionTool[] = CHAT_TOOLS.map((tool) => ({
  type: 'function' as const,
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

/** Passages labelled [S1]…[Sn] for the model, and which of them its answer cites. */
function passagesContext(hits: KnowledgeHit[]): string {
  if (hits.length === 0) return 'No passage of the knowledge base matched this question.';
  return hits
    .map((h, i) => `[S${i + 1}] ${h.entry.title}: ${h.entry.body} (Sources: ${h.entry.citations.map((c) => c.label).join('; ')})`)
    .join('\n\n');
}

/** What the answer relied on: the passages it cites (all given, when it cites none), the tools it called, and the veteran's claims and documents it names. */
function answerCitations(body: string, hits: KnowledgeHit[], toolCitations: Citation[], request: ChatRequest): Citation[] {
  const cited = [...body.matchAll(/\[S(\d+)\]/g)].map((m) => hits[Number(m[1]) - 1]).filter((h): h is KnowledgeHit => Boolean(h));
  const passages = cited.length > 0 ? cited : toolCitations.length > 0 ? [] : hits;
  const mine: Citation[] = [
    ...request.file.claims.filter((c) => body.includes(c.claimNumber)).map(claimCitation),
    ...request.file.documents.filter((d) => body.includes(d.fileName)).map(documentCitation),
  ];
  return [...toolCitations, ...passages.flatMap((h) => h.entry.citations), ...mine];
}

export function createOpenAiChatEngine({
  apiKey,
  model,
  baseUrl,
  maxToolRounds = 3,
  maxHistory = 12,
  fetchImpl,
  ...policyOptions
}: OpenAiChatEngineOptions): ChatEngine {
  const policy = retryPolicy(policyOptions);
  const client = createOpenAiClient({ apiKey, baseUrl, timeoutMs: policy.timeoutMs, fetchImpl });

  /** One streamed completion. Text goes to `onText` as it comes; a broken or silent stream fails the round. */
  async function streamRound(
    messages: Message[],
    withTools: boolean,
    signal: AbortSignal,
    onText: (text: string) => void,
  ): Promise<RoundResult> {
    // Fires on the client going away, and on a silence longer than the timeout.
    const deadline = new Deadline(policy.timeoutMs, signal);
    let streamed = false;
    try {
      const stream = await client.chat.completions.create(
        { model, stream: true, messages, ...(withTools ? { tools: TOOL_DEFINITIONS, tool_choice: 'auto' as const } : {}) },
        { signal: deadline.signal },
      );
      const result: RoundResult = { content: '', toolCalls: [], finishReason: null };
      for await (const chunk of stream) {
        deadline.touch();
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        if (delta.refusal) throw new ChatEngineError('invalid-answer', MSG.refused);
        if (delta.content) {
          result.content += delta.content;
          streamed = true;
          onText(delta.content);
        }
        for (const call of delta.tool_calls ?? []) {
          const slot = (result.toolCalls[call.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
          if (call.id) slot.id = call.id;
          if (call.function?.name) slot.function.name += call.function.name;
          if (call.function?.arguments) slot.function.arguments += call.function.arguments;
        }
        if (choice.finish_reason) result.finishReason = choice.finish_reason;
      }
      // The package ends the iteration quietly when its signal fires: ours says why.
      if (signal.aborted) throw cancelled();
      if (deadline.expired) throw new ChatEngineError('timeout', MSG.timeout, !streamed);
      if (result.finishReason === null) throw new ChatEngineError('unreachable', MSG.broken, !streamed);
      result.toolCalls = result.toolCalls.filter(Boolean);
      return result;
    } catch (error) {
      if (signal.aborted) throw cancelled();
      throw chatFailureOf(error, deadline, streamed);
    } finally {
      deadline.clear();
    }
  }

  /** A round, tried again on a transient fault as long as none of its text has been shown. */
  function round(messages: Message[], withTools: boolean, signal: AbortSignal, onText: (text: string) => void): Promise<RoundResult> {
    let shown = false;
    return withRetries(
      () => {
        shown = false;
        return streamRound(messages, withTools, signal, (text) => {
          shown = true;
          onText(text);
        });
      },
      policy,
      (error) =>
        error instanceof ChatEngineError && error.retryable && !shown
          ? { retry: true, retryAfterMs: error instanceof RoundError ? error.retryAfterMs : undefined }
          : { retry: false },
      { signal, onAbort: cancelled },
    );
  }

  return {
    name: OPENAI_CHAT_ENGINE_NAME,
    model,
    async answer(request: ChatRequest, { signal, onDelta }: ChatCallOptions): Promise<EngineAnswer> {
      if (signal.aborted) throw cancelled();
      const hits = searchKnowledge(request.question, 4);
      const question =
        request.formContext && Object.keys(request.formContext).length > 0
          ? `${request.question}\n\n(The claim package form I am filling in: ${JSON.stringify(request.formContext).slice(0, 8000)})`
          : request.question;
      const messages: Message[] = [
        {
          role: 'system',
          content: chatSystemPrompt({
            passages: passagesContext(hits),
            file: fileAsContext(request.file),
            today: request.now.toISOString().slice(0, 10),
            crisis: Boolean(request.crisis),
          }),
        },
        ...request.history.slice(-maxHistory).map((t) => ({ role: t.role, content: t.content }) as Message),
        { role: 'user', content: question },
      ];
      const toolCitations: Citation[] = [];
      let body = '';
      for (let n = 0; ; n++) {
        const result = await round(messages, n < maxToolRounds, signal, (text) => {
          body += text;
          onDelta(text);
        });
        if (result.toolCalls.length === 0 || result.finishReason !== 'tool_calls') break;
        messages.push({ role: 'assistant', content: result.content || null, tool_calls: result.toolCalls });
        for (const call of result.toolCalls) {
          const tool = CHAT_TOOLS.find((t) => t.name === call.function.name);
          let content: string;
          try {
            if (!tool) throw new Error(`unknown tool ${call.function.name}`);
            const output = tool.run(tool.parse(JSON.parse(call.function.arguments || '{}')), { file: request.file, now: request.now });
            toolCitations.push(...output.citations);
            content = JSON.stringify({ result: output.data, text: output.markdown });
          } catch (error) {
            // The model sent arguments the tool cannot use: it is told, and may try again or answer without it.
            content = JSON.stringify({ error: error instanceof Error ? error.message.slice(0, 300) : 'invalid arguments' });
          }
          messages.push({ role: 'tool', tool_call_id: call.id, content });
        }
      }
      if (body.trim() === '') throw new ChatEngineError('invalid-answer', MSG.empty);
      return { body, citations: answerCitations(body, hits, toolCitations, request) };
    },
  };
}

/** The chat engine configured by OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL; undefined without a key. */
export function chatEngineFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Omit<OpenAiChatEngineOptions, 'apiKey' | 'model' | 'baseUrl'>> = {},
): ChatEngine | undefined {
  const settings = openAiSettingsFromEnv(env);
  return settings && createOpenAiChatEngine({ ...overrides, ...settings });
}
