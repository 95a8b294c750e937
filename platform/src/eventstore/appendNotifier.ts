/**
 * Tells subscribers in every process that events were appended, after the append has committed
 * rather than inside it. A NOTIFY inside the appending transaction holds PostgreSQL's cluster-wide
 * notify lock until that commit is flushed, so every append's commit waited for the one before and
 * eight writers got no group commit (the append bench: 0.3× a raw INSERT with it, 0.9× without).
 *
 * Appends that commit while a notification is on its way share the next one: at most one is in
 * flight per store, and every append is followed by a notification that was sent after it
 * committed. If the process dies between an append and its notification, subscribers elsewhere
 * find the event on their next poll, as they do when their LISTEN connection is down.
 *
 * Each notification names the types appended since the one before (undefined when an append did
 * not say), so that subscribers handling none of them need not wake (core.ts, `concerns`).
 *
 * An append whose caller appends again at once (filing a claim: the user's stream, then the
 * claim's) may leave its notification to the next append of the store, which then names both; it
 * goes when that append fails too, and a timer sends it anyway if none ends within `holdMs`.
 */
export class AppendNotifier {
  private sending = false;
  private again = false;
  private done: Promise<void> = Promise.resolve();
  /** The types appended since the last notification began; undefined once an append did not say. */
  private types: Set<string> | undefined = new Set();
  /** Sends what held appends left, when no append came to take it along. */
  private held: NodeJS.Timeout | undefined;

  /** `send` issues the NOTIFY on an autocommit statement (NotifyBatch: shared with other notices of the same moment); its failures are only reported. */
  constructor(
    private readonly send: (types: readonly string[] | undefined) => Promise<void>,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly holdMs = 500,
  ) {}

  /** With `hold`, the notification waits for the next append (at most `holdMs`), which then tells of both. */
  appended(types?: readonly string[], hold = false): void {
    if (!types) this.types = undefined;
    else types.forEach((type) => this.types?.add(type));
    if (this.sending) {
      this.again = true;
      return;
    }
    if (hold) {
      this.held ??= setTimeout(() => this.start(), this.holdMs);
      return;
    }
    this.start();
  }

  /** Sends a held notification now (an append that would have taken it along failed). */
  release(): void {
    if (this.held) this.start();
  }

  /** Resolves once no notification is on its way or held (close waits for it before the pool goes). */
  async settled(): Promise<void> {
    this.release();
    while (this.sending) await this.done;
  }

  private start(): void {
    clearTimeout(this.held);
    this.held = undefined;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    this.done = this.drain();
  }

  // `sending` is cleared in the same step that saw no further append, so none is left unannounced.
  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        const types = this.types ? [...this.types] : undefined;
        this.types = new Set();
        try {
          await this.send(types);
        } catch (error) {
          this.onError(error);
        }
      } while (this.again);
    } finally {
      this.sending = false;
    }
  }
}
