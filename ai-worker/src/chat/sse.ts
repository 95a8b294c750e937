import type { Response } from 'express';
import type { ChatStreamEvent } from '@cc/contracts';

export interface EventStream {
  send(event: ChatStreamEvent): void;
  end(): void;
  /** Called once if the client goes away before the stream ends. */
  onClientGone(listener: () => void): void;
}

/**
 * A `text/event-stream` answer: one `data:` line of JSON per event, and a comment line every
 * `heartbeatMs` so proxies that close idle connections keep it open while an answer is thought out.
 * Never buffered by a proxy (`X-Accel-Buffering: no`) or transformed (`no-transform`).
 */
export function openEventStream(res: Response, heartbeatMs: number): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write(': stream open\n\n');
  const listeners: (() => void)[] = [];
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  let ended = false;
  res.on('close', () => {
    clearInterval(heartbeat);
    if (ended || res.writableFinished) return;
    ended = true;
    for (const listener of listeners) listener();
  });
  return {
    send(event) {
      if (!ended) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      res.end();
    },
    onClientGone(listener) {
      listeners.push(listener);
    },
  };
}
