import type { Logger } from '@cc/platform';
import { decodeNotice, READ_MODEL_CHANGES_CHANNEL, type OwnedChange } from './notices';

/** What a user's stream is told: one of their read models changed, or "refetch everything" (notices may have been missed). */
export type FeedMessage = { kind: 'change'; readModel: string; ids?: string[] } | { kind: 'resync' } | { kind: 'closed' };

type Listener = (message: FeedMessage) => void;

/** A dedicated PostgreSQL connection (a `pg.Client`, made by the composition root): LISTEN needs one of its own. */
export interface NotificationConnection {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/**
 * This process's one LISTEN connection on `read_model_changes` (announcer.ts sends them, from
 * whichever process projects), handing each change to the streams of the user who owns the rows
 * and to nobody else. Opened with the first stream and kept; lost, it is made again with backoff,
 * and every stream is told to resync, since changes committed meanwhile were not heard.
 */
export class ReadModelChangeFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: NotificationConnection | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private heardBefore = false;
  private listeningNow = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly connect: () => NotificationConnection,
    private readonly logger: Logger,
  ) {}

  /** Calls `listener` with every change to `userId`'s rows until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    const own = this.listeners.get(userId) ?? new Set<Listener>();
    own.add(listener);
    this.listeners.set(userId, own);
    void this.listen();
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(userId) === own) this.listeners.delete(userId);
    };
  }

  /** Resolves once changes are heard (a stream opened before would miss what commits until then). */
  listening(): Promise<void> {
    if (this.listeningNow || this.closed) return Promise.resolve();
    void this.listen();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** How many streams are open (the support page and tests). */
  get streams(): number {
    let n = 0;
    for (const own of this.listeners.values()) n += own.size;
    return n;
  }

  private deliver(changes: readonly OwnedChange[]): void {
    for (const { userId, readModel, ids } of changes)
      for (const listener of this.listeners.get(userId) ?? []) listener({ kind: 'change', readModel, ...(ids ? { ids } : {}) });
  }

  private broadcast(message: FeedMessage): void {
    for (const own of this.listeners.values()) for (const listener of own) listener(message);
  }

  private async listen(attempt = 0): Promise<void> {
    if (this.client || this.closed) return;
    const client = this.connect();
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      this.listeningNow = false;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn({ err: error }, 'lost the connection that hears read-model changes; making it again');
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.listen(attempt + 1), Math.min(100 * 2 ** attempt, 5000));
      this.retry.unref();
    };
    client.on('notification', (message) => {
      const changes = message.payload ? decodeNotice(message.payload) : undefined;
      if (changes) this.deliver(changes);
      else this.logger.warn({ channel: message.channel }, 'a read-model change notice of an unknown shape was ignored');
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${READ_MODEL_CHANGES_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      // Back after a loss: what changed meanwhile was not heard.
      if (this.heardBefore) this.broadcast({ kind: 'resync' });
      this.heardBefore = true;
      this.listeningNow = true;
      for (const resolve of this.waiters.splice(0)) resolve();
    } catch (error) {
      onLost(error);
    }
  }

  /** Ends every stream (they are told `closed`) and the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.broadcast({ kind: 'closed' });
    this.listeners.clear();
    for (const resolve of this.waiters.splice(0)) resolve();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
