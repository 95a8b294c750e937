import { createParser } from 'eventsource-parser';
import { chatStreamEventSchema, type ChatStreamEvent } from '@cc/contracts';
import { apiFetch, ApiError } from '../api/http';
import { reportUnauthorized } from '../auth/unauthorized';
import { sessionPath } from './api';

// Apart from api.ts because it validates with zod: the dashboard's chat widget imports api.ts and
// must not bring zod into the first load.

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
    response = await apiFetch(`${sessionPath(sessionId)}/messages/stream`, {
      method: 'POST',
      body: { content },
      signal: handlers.signal,
      reportUnauthorized: false,
    });
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
