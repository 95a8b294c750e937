import type { Knex } from 'knex';

/** One NOTIFY: the channel and its payload. */
export interface Notice {
  channel: string;
  payload: string;
}

/**
 * Sends the NOTIFYs asked for during one turn of the event loop in one statement. After a command's
 * inline transaction commits, the event store tells subscribers of the append and the read-model
 * announcer tells change streams of the rows it changed, each on its own channel and in its own
 * coalescing loop; sharing one of these makes the two one round trip instead of two. Each notice
 * is still sent on its own channel with its own payload, so every listener sees what it saw before.
 *
 * Sent on an autocommit statement, after the transactions they announce have committed, never
 * inside them (appendNotifier.ts says why).
 */
export class NotifyBatch {
  private queued: (readonly Notice[] | (() => readonly Notice[]))[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly knex: Knex) {}

  /**
   * Resolves once `notices` were sent with whatever else was asked for in the same turn; rejects if
   * that statement failed. Given a function, it is called just before the statement goes, so a
   * sender that gathers notices (the announcer, one per read model of a commit) sends all of them.
   */
  send(notices: readonly Notice[] | (() => readonly Notice[])): Promise<void> {
    this.queued.push(notices);
    // setImmediate runs after every promise callback of this turn: a commit's callbacks all join.
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    return this.flushing;
  }

  private async flush(): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    this.flushing = undefined;
    const notices = queued.flatMap((one) => (typeof one === 'function' ? one() : one));
    if (notices.length === 0) return;
    // Prepared once per connection (named), as the append's call is: the text never changes.
    await this.knex
      .raw('select pg_notify(n.channel, n.payload) from unnest(?::text[], ?::text[]) as n(channel, payload)', [
        notices.map((notice) => notice.channel),
        notices.map((notice) => notice.payload),
      ])
      .options({ name: 'cc_notify_batch' });
  }
}
