import os from 'node:os';
import { HttpProblem } from '@cc/platform';

/**
 * Sign-ins (known and unknown addresses alike) and sign-ups (new hashes) wait in separate lanes:
 * anyone can send sign-ups without an account, so they must never crowd out people signing in.
 */
export type HashLane = 'sign-in' | 'sign-up';

export interface HashQueueOptions {
  /**
   * Hashes running at once. Each scrypt at N=2^17 holds a libuv thread and 128 MiB; the pool has 4
   * threads that file and DNS work share, so 2 leaves room for them.
   */
  concurrency?: number;
  /** Requests that may wait per lane; beyond that, 503 with Retry-After. */
  maxWaiting?: number;
}

interface Waiting {
  start(): void;
}

const LANES: readonly HashLane[] = ['sign-in', 'sign-up'];

export class HashQueueFullError extends HttpProblem {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'unavailable',
      'Service unavailable',
      'Claims Copilot is busy right now. Please try again in a few seconds.',
      { retryAfter: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/**
 * A bounded queue in front of password hashing. At most `concurrency` hashes run (scrypt runs on the
 * libuv pool, so the event loop keeps serving); sign-ups use at most all but one slot, so a sign-in
 * always finds one free, and none starts while a sign-in is hashing or waiting; a full lane answers
 * 503 at once instead of piling up requests that would time out anyway.
 */
export class HashQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  private readonly running: Record<HashLane, number> = { 'sign-in': 0, 'sign-up': 0 };
  private readonly waiting: Record<HashLane, Waiting[]> = { 'sign-in': [], 'sign-up': [] };
  private readonly counts = { done: { 'sign-in': 0, 'sign-up': 0 }, refused: { 'sign-in': 0, 'sign-up': 0 } };
  /** Moving average of one hash's time, for Retry-After; starts at a typical N=2^17 figure. */
  private averageMs = 400;

  constructor(options: HashQueueOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(2, os.availableParallelism()));
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 8);
  }

  /** Runs `job` when a slot is free. A job whose signal aborts while it waits never runs. */
  run<T>(lane: HashLane, job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError());
    if (this.waiting[lane].length === 0 && this.canStart(lane)) return this.execute(lane, job);
    if (this.waiting[lane].length >= this.maxWaiting) {
      this.counts.refused[lane] += 1;
      return Promise.reject(new HashQueueFullError(this.retryAfterSeconds(lane)));
    }
    return new Promise<T>((resolve, reject) => {
      const queue = this.waiting[lane];
      // A request that goes away while waiting leaves the queue at once, freeing its place.
      const onAbort = () => {
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        reject(abortError());
      };
      const entry: Waiting = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.execute(lane, job).then(resolve, reject);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
    });
  }

  /**
   * Refuses at once when a job of this lane could neither start nor wait, so a flood is answered
   * before it costs a query. `run` checks again; this is only the cheap early answer.
   */
  assertRoom(lane: HashLane): void {
    if (this.waiting[lane].length >= this.maxWaiting && !(this.waiting[lane].length === 0 && this.canStart(lane))) {
      this.counts.refused[lane] += 1;
      throw new HashQueueFullError(this.retryAfterSeconds(lane));
    }
  }

  stats() {
    return {
      running: { ...this.running },
      waiting: { 'sign-in': this.waiting['sign-in'].length, 'sign-up': this.waiting['sign-up'].length },
      done: { ...this.counts.done },
      refused: { ...this.counts.refused },
    };
  }

  private slotsFor(lane: HashLane): number {
    return lane === 'sign-up' ? Math.max(1, this.concurrency - 1) : this.concurrency;
  }

  private canStart(lane: HashLane): boolean {
    const total = this.running['sign-in'] + this.running['sign-up'];
    if (total >= this.concurrency || this.running[lane] >= this.slotsFor(lane)) return false;
    // scrypt is memory-hard: hashes running side by side slow each other down, so no sign-up starts
    // while a sign-in is hashing or waiting (a sign-up is what anyone can send without an account).
    return lane === 'sign-in' || (this.running['sign-in'] === 0 && this.waiting['sign-in'].length === 0);
  }

  private async execute<T>(lane: HashLane, job: () => Promise<T>): Promise<T> {
    this.running[lane] += 1;
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      this.running[lane] -= 1;
      this.counts.done[lane] += 1;
      this.pump();
    }
  }

  /** Starts waiting jobs, sign-ins first. */
  private pump(): void {
    for (const lane of LANES) {
      const queue = this.waiting[lane];
      while (queue.length > 0 && this.canStart(lane)) queue.shift()!.start();
    }
  }

  private retryAfterSeconds(lane: HashLane): number {
    const ahead = this.waiting[lane].length + this.running[lane];
    return Math.min(60, Math.max(1, Math.ceil(((ahead / this.slotsFor(lane)) * this.averageMs) / 1000)));
  }
}

function abortError(): Error {
  const error = new Error('The request was abandoned before its turn.');
  error.name = 'AbortError';
  return error;
}
