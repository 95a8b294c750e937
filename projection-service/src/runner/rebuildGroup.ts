import type { ReadModelProjector } from './projectEvents';

/** One rebuild as its group knows it: its row in projection_rebuilds and its projector. */
export interface GroupMember<Row> {
  row: Row;
  projector: ReadModelProjector;
}

/**
 * Rebuilds started together (every read model at once). They share what does not depend on the
 * read model: one replay of the migrations for all their scratch tables, one count, and one read of
 * the log, each page handed to every member. What each does last (its indexes, its swap) is its
 * own, a few at a time, since a swap holds a connection while it reads the log.
 */
export class RebuildGroup<Row, Run extends { abandoned: boolean }> {
  /** Each member's run, by rebuild id. */
  readonly runs = new Map<string, Run>();
  /** Why a member could not be prepared, by rebuild id. */
  prepared?: Promise<Map<string, string>>;
  /** Resolves with the members the shared read carried to the end of the log. */
  built?: Promise<Set<string>>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly members: GroupMember<Row>[],
    private readonly finishingAtOnce = 2,
  ) {}

  /** Runs `work` when fewer than `finishingAtOnce` members are at it. */
  async fewAtATime<T>(work: () => Promise<T>): Promise<T> {
    // A finishing member hands its place straight to the next in line.
    if (this.running >= this.finishingAtOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
