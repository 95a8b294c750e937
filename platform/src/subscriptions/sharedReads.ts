import {
  comparePositions,
  type GlobalPosition,
  type LogEntry,
  type ReadGroup,
  type ReadOfTypes,
  type TypedPage,
} from '../eventstore/types';

export type { ReadOfTypes, TypedPage };

interface Request {
  after: GlobalPosition;
  limit: number;
  types: readonly string[];
  read: ReadOfTypes;
  resolve(page: TypedPage): void;
  reject(error: unknown): void;
}

const later = (a: GlobalPosition, b: GlobalPosition) => (comparePositions(a, b) >= 0 ? a : b);

/**
 * One read of the log for every subscriber of a group that asks at about the same time. An append
 * wakes each projector it concerns, and a reader waiting for its position wakes the others: a dozen
 * projectors each read the same new events, a dozen statements per append on the cores the append
 * needs. Requests made in the same turn of the event loop are answered by one read of the union of
 * their types from the earliest of their positions; each gets the entries of its own types after
 * its own position, and how far the read looked. A request asked while a read is under way waits
 * for the next one, so every read still starts after its request (an append told before a request
 * is in what it reads).
 */
export class SharedReads implements ReadGroup {
  private queued: Request[] = [];
  private reading = false;
  private scheduled = false;
  /** How many reads of the store it made, and how many requests they answered (for tests and the bench). */
  readonly counts = { reads: 0, requests: 0 };

  /** `read` through this group: the store's own `readOfTypes` for one subscriber. */
  over(read: ReadOfTypes): ReadOfTypes {
    return (after, limit, types) =>
      new Promise<TypedPage>((resolve, reject) => {
        this.queued.push({ after, limit, types, read, resolve, reject });
        this.schedule();
      });
  }

  private schedule(): void {
    if (this.scheduled || this.reading) return;
    this.scheduled = true;
    // After the current turn: every subscriber a wake or a waiter resumed in it has asked by then.
    setImmediate(() => {
      this.scheduled = false;
      void this.round();
    });
  }

  private async round(): Promise<void> {
    const requests = this.queued;
    this.queued = [];
    if (requests.length === 0) return;
    this.reading = true;
    try {
      const after = requests.map((r) => r.after).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
      const limit = Math.max(...requests.map((r) => r.limit));
      const types = [...new Set(requests.flatMap((r) => r.types))];
      this.counts.reads += 1;
      let page: TypedPage;
      try {
        page = await requests[0]!.read(after, limit, types);
      } catch (error) {
        for (const request of requests) request.reject(error);
        return;
      }
      // A full page ends at its last entry (the store caps a page, so its length says less).
      const last = page.entries.at(-1);
      const full = last !== undefined && comparePositions(page.scannedTo, last.position) <= 0;
      for (const request of requests) {
        const answer = answerFrom(page, full, request);
        if (answer) {
          this.counts.requests += 1;
          request.resolve(answer);
        } else this.queued.push(request);
      }
    } finally {
      this.reading = false;
      if (this.queued.length > 0) this.schedule();
    }
  }
}

/**
 * One request's part of a read of the union of types from an earlier or equal position; undefined
 * when the read stopped (a full page) before the request's position, so it says nothing of it.
 */
function answerFrom(page: TypedPage, full: boolean, request: Request): TypedPage | undefined {
  if (full && comparePositions(page.scannedTo, request.after) <= 0) return undefined;
  const entries: LogEntry[] = [];
  for (const entry of page.entries) {
    if (entries.length >= request.limit) break;
    if (comparePositions(entry.position, request.after) > 0 && request.types.includes(entry.type)) entries.push(entry);
  }
  // Every entry of a union type up to scannedTo is in the page: a request that found fewer than its
  // limit looked as far; one that found its limit looked up to its last entry.
  const scannedTo = entries.length >= request.limit ? entries.at(-1)!.position : later(page.scannedTo, request.after);
  return { entries, scannedTo, head: page.head };
}
