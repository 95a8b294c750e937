import { createParser } from 'eventsource-parser';
import type { Citation } from '@cc/contracts';
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL, parseRetryAfter } from '../../engines/openai/openAiEngine';
import { searchKnowledge, type KnowledgeHit } from '../knowledge/search';
import { CHAT_TOOLS } from '../tools';
import { claimCitation, documentCitation } from '../tools/types';
import { cancelled, ChatEngineError, type ChatCallOptions, type ChatEngine, type ChatRequest, type EngineAnswer } from '../types';
import { fileAsContext } from '../veteranFile';
import { chatSystemPrompt } from './prompt';

/**
 * The chat engine on any OpenAI-compatible server (OpenAI, or a local Ollama or llama.cpp server
 * for private use): streaming chat completions, the offline engine's tools as functions, and the
 * same knowledge passages as context. Plain `fetch` and a maintained SSE parser; no SDK. Errors are
 * fixed strings (with a status or an API code), so they are safe to show and log; this module
 * never logs, and never puts the question or the answer in an error.
 */
export const OPENAI_CHAT_ENGINE_NAME = 'openai';

export interface OpenAiChatEngineOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  /** Per attempt: until the answer starts, and then the longest silence between two pieces. */
  timeoutMs?: number;
  /** Extra attempts after the first on 429, 5xx, network errors and timeouts, while nothing has streamed yet. */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Rounds of tool calls before the model must answer. */
  maxToolRounds?: number;
  /** Earlier turns sent along. */
  maxHistory?: number;
  fetchImpl?: typeof fetch;
}

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface RoundResult {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
}

const MSG = {
  unauthorized: 'The AI service refused the request (check OPENAI_API_KEY)',
  timeout: 'The AI service did not answer in time',
  rateLimited: 'The AI service is busy (rate limited); please try again later',
  unavailable: 'The AI service is unavailable right now; please try again later',
  unreachable: 'Could not reach the AI service; please try again later',
  broken: 'The AI service stopped in the middle of the answer',
  empty: 'The AI service returned an empty answer',
  refused: 'The AI model declined to answer this question',
} as const;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(cancelled())), { once: true });
  });

const TOOL_DEFINITIONS = CHAT_TOOLS.map((tool) => ({
  type: 'function' as const,
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

/** Passages labelled [S1]…[Sn] for the model, and which of them its answer cites. */
function passagesContext(hits: KnowledgeHit[]): string {
  if (hits.length === 0) return 'No passage of the knowledge base matched this question.';
  return hits.map((h, i) => `[S${i + 1}] ${h.entry.title}: ${h.entry.body} (Sources: ${h.entry.citations.map((c) => c.label).join('; ')})`).join('\n\n');
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
  baseUrl = DEFAULT_OPENAI_BASE_URL,
  timeoutMs = 60_000,
  maxRetries = 3,
  retryBaseDelayMs = 500,
  maxRetryDelayMs = 30_000,
  maxToolRounds = 3,
  maxHistory = 12,
  fetchImpl = fetch,
}: OpenAiChatEngineOptions): ChatEngine {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

  /** One streamed completion. Text goes to `onText` as it comes; a broken or silent stream fails the round. */
  async function streamRound(messages: Message[], withTools: boolean, signal: AbortSignal, onText: (text: string) => void): Promise<RoundResult> {
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort, { once: true });
    let timer = setTimeout(abort, timeoutMs);
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(abort, timeoutMs);
    };
    let streamed = false;
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ model, stream: true, messages, ...(withTools ? { tools: TOOL_DEFINITIONS, tool_choice: 'auto' } : {}) }),
        signal: controller.signal,
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        const status = res.status;
        if (status === 429) throw Object.assign(new ChatEngineError('rate-limited', MSG.rateLimited, true), { retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) });
        if (status >= 500) throw Object.assign(new ChatEngineError('unavailable', MSG.unavailable, true), { retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) });
        if (status === 401 || status === 403) throw new ChatEngineError('unauthorized', MSG.unauthorized);
        const hint = status === 404 ? '; check OPENAI_MODEL and OPENAI_BASE_URL' : '';
        throw new ChatEngineError('rejected', `The AI service rejected the request (HTTP ${status}${hint})`);
      }
      if (!res.body) throw new ChatEngineError('invalid-answer', MSG.empty);
      const result: RoundResult = { content: '', toolCalls: [], finishReason: null };
      let done = false;
      const parser = createParser({
        onEvent(event) {
          if (event.data === '[DONE]') {
            done = true;
            return;
          }
          let chunk: { choices?: { delta?: { content?: string | null; refusal?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string | null }[] };
          try {
            chunk = JSON.parse(event.data);
          } catch {
            return;
          }
          const choice = chunk.choices?.[0];
          if (!choice) return;
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
        },
      });
      const decoder = new TextDecoder();
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        alive();
        parser.feed(decoder.decode(bytes, { stream: true }));
        if (done) break;
      }
      if (!done && result.finishReason === null) throw new ChatEngineError('unreachable', MSG.broken, !streamed);
      result.toolCalls = result.toolCalls.filter(Boolean);
      return result;
    } catch (error) {
      if (signal.aborted) throw cancelled();
      if (error instanceof ChatEngineError) throw error;
      if (controller.signal.aborted) throw new ChatEngineError('timeout', MSG.timeout, !streamed);
      throw new ChatEngineError('unreachable', streamed ? MSG.broken : MSG.unreachable, !streamed, { cause: error });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  /** A round, tried again on a transient fault as long as none of its text has been shown. */
  async function round(messages: Message[], withTools: boolean, signal: AbortSignal, onText: (text: string) => void): Promise<RoundResult> {
    for (let attempt = 0; ; attempt++) {
      let shown = false;
      try {
        return await streamRound(messages, withTools, signal, (text) => {
          shown = true;
          onText(text);
        });
      } catch (error) {
        if (!(error instanceof ChatEngineError) || !error.retryable || shown || attempt >= maxRetries) throw error;
        const backoff = retryBaseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
        await sleep(Math.min((error as { retryAfterMs?: number }).retryAfterMs ?? backoff, maxRetryDelayMs), signal);
      }
    }
  }

  return {
    name: OPENAI_CHAT_ENGINE_NAME,
    model,
    async answer(request: ChatRequest, { signal, onDelta }: ChatCallOptions): Promise<EngineAnswer> {
      if (signal.aborted) throw cancelled();
      const hits = searchKnowledge(request.question, 4);
      const question = request.formContext && Object.keys(request.formContext).length > 0
        ? `${request.question}\n\n(The claim package form I am filling in: ${JSON.stringify(request.formContext).slice(0, 8000)})`
        : request.question;
      const messages: Message[] = [
        { role: 'system', content: chatSystemPrompt({ passages: passagesContext(hits), file: fileAsContext(request.file), today: request.now.toISOString().slice(0, 10), crisis: Boolean(request.crisis) }) },
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
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return undefined;
  const model = env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  const baseUrl = env.OPENAI_BASE_URL?.trim() || undefined;
  return createOpenAiChatEngine({ ...overrides, apiKey, model, ...(baseUrl ? { baseUrl } : {}) });
}
