import { createParser } from 'eventsource-parser';
import { chatStreamEventSchema, type ChatStreamEvent } from '@cc/contracts';
import type { TestClient } from './testApp';

export interface StreamResult {
  status: number;
  headers: Headers;
  /** When the answer's status and headers arrived (Date.now()). */
  receivedAt: number;
  contentType: string | null;
  /** Each `data:` line, parsed and checked against the contract's schema. */
  events: ChatStreamEvent[];
  /** Comment lines (heartbeats). */
  comments: string[];
  /** A problem body when the answer was not a stream. */
  problem?: any;
}

/**
 * Posts like a browser's `fetch` and reads the answer as a real SSE client does (eventsource-parser),
 * as it arrives. `onEvent` may stop reading (return 'stop'), which aborts the request like a closed tab.
 */
export async function postStream(
  baseUrl: string,
  client: TestClient,
  path: string,
  json: unknown,
  options: { onEvent?: (event: ChatStreamEvent) => 'stop' | void } = {},
): Promise<StreamResult> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader() ?? '' },
    body: JSON.stringify(json),
    signal: controller.signal,
  });
  const result: StreamResult = {
    status: res.status,
    headers: res.headers,
    receivedAt: Date.now(),
    contentType: res.headers.get('content-type'),
    events: [],
    comments: [],
  };
  if (!result.contentType?.startsWith('text/event-stream')) {
    const text = await res.text();
    result.problem = text ? JSON.parse(text) : undefined;
    return result;
  }
  let stop = false;
  const parser = createParser({
    onEvent(message) {
      const event = chatStreamEventSchema.parse(JSON.parse(message.data));
      result.events.push(event);
      if (options.onEvent?.(event) === 'stop') stop = true;
    },
    onComment(comment) {
      result.comments.push(comment.trim());
    },
  });
  const decoder = new TextDecoder();
  try {
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      if (stop) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!stop) throw error;
  }
  return result;
}

/** The answer's text as the chunks streamed it. */
export const streamedText = (result: StreamResult) =>
  result.events
    .filter((e): e is Extract<ChatStreamEvent, { type: 'chunk' }> => e.type === 'chunk')
    .map((e) => e.content)
    .join('');
