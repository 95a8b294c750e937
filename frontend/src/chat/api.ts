import { createParser } from 'eventsource-parser';
import { chatStreamEventSchema, type ChatMessage, type ChatSession, type ChatStreamEvent, type ChatUsage, type WidgetAnswer, type WidgetMessage } from '@cc/contracts';
import { apiFetch, apiJson, ApiError } from '../api/http';
import { reportUnauthorized } from '../auth/unauthorized';

/** The chat calls of spec doc 1 §7. In chat a lost session redirects to sign-in at once (doc 1 §8). */

const sessionPath = (id: string) => `/api/ai-chat/sessions/${encodeURIComponent(id)}`;

async function chatJson<T>(path: string, request: Parameters<typeof apiJson>[1] = {}): Promise<T> {
  try {
    return await apiJson<T>(path, { ...request, reportUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) reportUnauthorized({ immediate: true });
    throw error;
  }
}

export const fetchSessions = (signal?: AbortSignal) => chatJson<ChatSession[]>('/api/ai-chat/sessions', { signal });
export const createSession = () => chatJson<ChatSession>('/api/ai-chat/sessions', { method: 'POST', body: {} });
export const renameSession = (id: string, title: string) => chatJson<ChatSession>(sessionPath(id), { method: 'PATCH', body: { title } });
export const deleteSession = (id: string) => chatJson<void>(sessionPath(id), { method: 'DELETE' });
export const fetchMessages = (id: string, signal?: AbortSignal) => chatJson<ChatMessage[]>(`${sessionPath(id)}/messages`, { signal });
export const fetchUsage = (signal?: AbortSignal) => chatJson<ChatUsage>('/api/ai-chat/usage', { signal });

/** The widget's last messages, oldest first (asked newest first, so a long conversation still gives its end). */
export async function fetchWidgetMessages(count: number, signal?: AbortSignal): Promise<WidgetMessage[]> {
  const query = `sort=${encodeURIComponent(JSON.stringify(['createdAt', 'DESC']))}&range=${encodeURIComponent(JSON.stringify([0, count - 1]))}`;
  return (await chatJson<WidgetMessage[]>(`/api/ai-chat/messages?${query}`, { signal })).reverse();
}

export const sendWidgetMessage = (content: string) => chatJson<WidgetAnswer>('/api/ai-chat/message', { method: 'POST', body: { content } });

/** The stream ended with an `error` event: the server's message, shown as it is (doc 1 §8). */
export class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamError';
  }
}

/**
 * `POST …/messages/stream`, read as server-sent events while they arrive: `onChunk` for each piece of
 * the answer, and the `done` event returned. A non-OK answer throws `ApiError` (400, 404, 429 with
 * the server's problem); an `error` event throws `StreamError`.
 */
export async function streamAnswer(
  sessionId: string,
  content: string,
  handlers: { onChunk(text: string): void; signal?: AbortSignal },
): Promise<Extract<ChatStreamEvent, { type: 'done' }>> {
  let response: Response;
  try {
    response = await apiFetch(`${sessionPath(sessionId)}/messages/stream`, { method: 'POST', body: { content }, signal: handlers.signal, reportUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) reportUnauthorized({ immediate: true });
    throw error;
  }
  let done: Extract<ChatStreamEvent, { type: 'done' }> | undefined;
  let failure: string | undefined;
  const parser = createParser({
    onEvent(message) {
      const parsed = chatStreamEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'chunk') handlers.onChunk(event.content);
      else if (event.type === 'done') done = event;
      else failure = event.error;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    parser.feed(value);
  }
  if (failure !== undefined) throw new StreamError(failure);
  if (!done) throw new StreamError('The answer stopped before it was complete. Please try again.');
  return done;
}
