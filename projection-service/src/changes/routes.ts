import { Router, type Response } from 'express';
import { READ_MODEL_CHANGES_PATH, type ReadModelChange } from '@cc/contracts';
import { requireAuth } from '@cc/platform';
import type { FeedMessage, ReadModelChangeFeed } from './changeFeed';

export interface ChangeStreamOptions {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /** Longest wait for the feed to hear changes before the stream opens anyway. */
  listenWaitMs?: number;
}

const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops (the SSE `retry` field). */
const RECONNECT_MS = 3_000;

function write(res: Response, message: FeedMessage): void {
  if (message.kind === 'change') {
    const change: ReadModelChange = { readModel: message.readModel, ...(message.ids ? { ids: message.ids } : {}) };
    res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  } else if (message.kind === 'resync') res.write('event: resync\ndata: {}\n\n');
  else res.end();
}

/**
 * `GET /api/read-models/changes`: the signed-in user's change stream (contracts `readModelChanges`).
 * It carries only changes to the user's own rows (the feed routes each by its owner), and names
 * read models and row ids, never their content: the screens read that through their usual GETs.
 */
export function changeStreamRoutes(feed: ReadModelChangeFeed, options: ChangeStreamOptions = {}): Router {
  const router = Router();
  router.get(READ_MODEL_CHANGES_PATH, async (req, res) => {
    const auth = requireAuth(res);
    const queued: FeedMessage[] = [];
    let open = false;
    const unsubscribe = feed.subscribe(auth.userId, (message) => (open ? write(res, message) : queued.push(message)));
    res.on('close', unsubscribe);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([feed.listening(), new Promise<void>((resolve) => (waited = setTimeout(resolve, options.listenWaitMs ?? 5_000)))]);
    clearTimeout(waited);
    if (res.writableEnded || req.socket.destroyed) return;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write(`retry: ${RECONNECT_MS}\n: listening\n\n`);
    open = true;
    for (const message of queued.splice(0)) write(res, message);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
    res.on('close', () => clearInterval(heartbeat));
  });
  return router;
}
