import { createParser } from 'eventsource-parser';
import { isReadModelChange, READ_MODEL_CHANGES_PATH, type ReadModelChange } from '@cc/contracts';
import type { TestClient } from './testApp';

/** One signed-in user's change stream, read as a browser's EventSource reads it (eventsource-parser). */
export interface OpenChangeStream {
  status: number;
  contentType: string | null;
  /** A problem body when the answer was not a stream. */
  problem?: unknown;
  /** Each `change` event, checked against the contract. */
  changes: ReadModelChange[];
  /** Other named events (`resync`). */
  others: string[];
  /** Comment lines (heartbeats). */
  comments: string[];
  /** Resolves with the first change (already received or to come) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (change: ReadModelChange, index: number) => boolean, timeoutMs?: number): Promise<ReadModelChange>;
  close(): void;
}

export async function openChangeStream(baseUrl: string, client: TestClient): Promise<OpenChangeStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${READ_MODEL_CHANGES_PATH}`, {
    headers: { accept: 'text/event-stream', cookie: client.cookieHeader() ?? '' },
    signal: controller.signal,
  });
  const waiting = new Set<() => void>();
  const stream: OpenChangeStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    changes: [],
    others: [],
    comments: [],
    next(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.changes.find((change, index) => match(change, index));
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching change within ${timeoutMs} ms; got ${JSON.stringify(stream.changes)}`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () => controller.abort(),
  };
  if (!stream.contentType?.startsWith('text/event-stream')) {
    const text = await res.text();
    stream.problem = text ? JSON.parse(text) : undefined;
    return stream;
  }
  const parser = createParser({
    onEvent(message) {
      if (message.event === 'change') {
        const change: unknown = JSON.parse(message.data);
        if (!isReadModelChange(change)) throw new Error(`not a read-model change: ${message.data}`);
        stream.changes.push(change);
      } else stream.others.push(message.event ?? 'message');
      for (const check of [...waiting]) check();
    },
    onComment(comment) {
      stream.comments.push(comment.trim());
    },
  });
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(bytes, { stream: true }));
    } catch {
      // Closed by the test (or the app stopping).
    }
  })();
  return stream;
}
