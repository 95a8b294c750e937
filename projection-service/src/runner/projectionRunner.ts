import type { Knex } from 'knex';
import {
  SharedCommits,
  SharedReads,
  sharingOpens,
  type EventStore,
  type GlobalPosition,
  type Logger,
  type RecordedEvent,
  type Subscription,
  type TrailingWrite,
} from '@cc/platform';
import type { ChangedRows } from '../changes/changedRows';
import type { ReadModelChangeAnnouncer } from '../changes/announcer';
import { lockProjection, projectionLock } from './projectionLock';
import { isSetBased, projectEvents, projectEventsTogether, type ReadModelProjector } from './projectEvents';

/**
 * Most events one live batch of a set-based projector holds: its statements are per batch, not per
 * event, so a projector that fell behind catches up in few transactions.
 */
const SET_BASED_BATCH = 1000;

export interface ProjectionRunnerOptions {
  store: EventStore;
  projectors: readonly ReadModelProjector[];
  logger: Logger;
  pollIntervalMs?: number;
  /** Tells the change stream whose rows each committed batch changed. */
  announcer?: ReadModelChangeAnnouncer;
}

export function checkpointName(projector: Pick<ReadModelProjector, 'name' | 'version'>): string {
  return `projection:${projector.name}:v${projector.version}`;
}

/** What this process knows of one projector's subscription (its checkpoint is in the database). */
export interface ProjectorRuntime {
  name: string;
  running: boolean;
  /** Read up to the end of the log at least once. */
  live: boolean;
  /** Waiting out a database or network fault. */
  degraded: boolean;
  lastError: { message: string; at: Date } | undefined;
  /** Kept by the appends themselves (inlineProjections.ts): no subscription, never behind. */
  inline: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/** Runs every projector as its own catch-up subscription on the event store. */
export class ProjectionRunner {
  private subscriptions = new Map<string, Subscription>();
  private readonly degraded = new Set<string>();
  private readonly lastErrors = new Map<string, { message: string; at: Date }>();
  private running = false;
  /** The read models the store keeps in its appends' transactions: no subscription runs them. */
  private readonly inline: ReadonlySet<string>;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.inline = new Set(options.store.inlineReadModels ?? []);
  }

  /** The checkpoint name of every projector it runs, one subscription each (the inline ones have none). */
  get subscriptionNames(): string[] {
    return this.subscribed.map(checkpointName);
  }

  /** Each subscription's checkpoint name with the types its projector handles (for waiters in other processes). */
  get subscriptionFilters(): { name: string; types: readonly string[] }[] {
    return this.subscribed.map((projector) => ({ name: checkpointName(projector), types: projector.handles }));
  }

  /** The projectors it runs as subscriptions: every one the store does not keep inline. */
  private get subscribed(): ReadModelProjector[] {
    return this.options.projectors.filter((projector) => !this.isInline(projector.name));
  }

  /** The checkpoint names to wait for before reading these read models (every subscribed one without a list). */
  subscriptionNamesOf(readModels?: readonly string[]): string[] {
    return this.subscribed.filter((projector) => !readModels || readModels.includes(projector.name)).map(checkpointName);
  }

  isInline(name: string): boolean {
    return this.inline.has(name);
  }

  get projectors(): readonly ReadModelProjector[] {
    return this.options.projectors;
  }

  start(): void {
    if (this.running) return;
    const { store, logger } = this.options;
    // One read of each new page of the log for all of them, not one per projector, and one
    // transaction for the batches they make of it.
    const sharedReads = new SharedReads();
    const bySubscription = new Map(this.subscribed.map((projector) => [checkpointName(projector), projector]));
    const sharedCommits = new SharedCommits(
      (parts, trx, checkpoints) => this.projectTogether(bySubscription, parts, trx, checkpoints),
      (error, members) => logger.debug({ err: error, members }, 'projectors commit their batches one by one'),
    );
    for (const projector of this.subscribed) {
      const subscription = store.subscribe({
        name: checkpointName(projector),
        filter: { types: projector.handles },
        batchSize: isSetBased(projector) ? SET_BASED_BATCH : undefined,
        pollIntervalMs: this.options.pollIntervalMs,
        readOnly: true,
        sharedReads,
        sharedCommits,
        // Taken before any table is touched: a rebuild's swap may be replacing them right now.
        batchLock: projectionLock(projector.name),
        handle: async (events, trx) => this.projected(projector, events, await projectEvents(projector, events, trx), trx),
        onError: (error, context) => {
          if (context.attempt > 0 || context.parked) this.lastErrors.set(projector.name, { message: messageOf(error), at: new Date() });
          logger.error({ err: error, ...context }, context.parked ? 'projection parked an event' : 'projection batch failed');
        },
        onStateChange: ({ subscription: name, state, error, downForMs }) => {
          if (state === 'degraded') {
            this.degraded.add(projector.name);
            this.lastErrors.set(projector.name, { message: messageOf(error), at: new Date() });
            logger.warn({ subscription: name, state, err: error }, 'projection waits for the database to come back');
          } else {
            this.degraded.delete(projector.name);
            logger.info({ subscription: name, state, downForMs }, 'projection is back');
          }
        },
      });
      this.subscriptions.set(projector.name, subscription);
    }
    this.running = true;
  }

  /**
   * The batches of several projectors in one transaction (their subscriptions' `sharedCommits`):
   * every set-based one's tables read with one statement and written with one more, which moves
   * their checkpoints too, and a sealed field several of them open deciphered once.
   */
  private async projectTogether(
    bySubscription: ReadonlyMap<string, ReadModelProjector>,
    parts: readonly { name: string; events: RecordedEvent[] }[],
    trx: Knex.Transaction,
    checkpoints: TrailingWrite,
  ): Promise<void> {
    const members = parts.map(({ name, events }) => ({ projector: bySubscription.get(name)!, events }));
    const changed = await sharingOpens(() => projectEventsTogether(members, trx, checkpoints));
    members.forEach(({ projector, events }, index) => this.projected(projector, events, changed[index]!, trx));
  }

  /** After a projector's batch: the change stream hears of it once `trx` commits. */
  private projected(projector: ReadModelProjector, events: readonly RecordedEvent[], changed: ChangedRows, trx: Knex.Transaction): void {
    this.options.announcer?.afterCommit(trx, projector.name, changed);
    for (const event of events) {
      this.options.logger.debug(
        { projector: projector.name, eventId: event.id, type: event.type, correlationId: event.metadata.correlationId },
        'projected',
      );
    }
  }

  isRunning(): boolean {
    return this.running;
  }

  /** This process's view of each projector, for the support page. */
  runtime(name: string): ProjectorRuntime {
    const subscription = this.subscriptions.get(name);
    const inline = this.isInline(name);
    return {
      name,
      running: inline || Boolean(subscription),
      live: inline || (subscription?.isLive() ?? false),
      degraded: this.degraded.has(name),
      lastError: this.lastErrors.get(name),
      inline,
    };
  }

  /**
   * Runs one event through a projector again (a dead letter's retry), under the projection's lock so
   * it cannot interleave with a batch or a swap. Throws what the projector throws.
   */
  async projectAgain(
    knex: Knex,
    subscriptionName: string,
    event: RecordedEvent,
    inSameTransaction?: (trx: Knex.Transaction) => Promise<void>,
  ): Promise<boolean> {
    const projector = this.options.projectors.find((p) => checkpointName(p) === subscriptionName);
    if (!projector) return false;
    await knex.transaction(async (trx) => {
      await lockProjection(trx, projector.name);
      // A retried event shows on the veteran's screens like any other.
      const changed = await projectEvents(projector, [event], trx);
      this.options.announcer?.afterCommit(trx, projector.name, changed);
      await inSameTransaction?.(trx);
    });
    return true;
  }

  /**
   * Resolves once every projector it runs (or only those of `readModels`) has applied everything up
   * to `position` (read-your-writes). The inline ones need no wait: the append that reached
   * `position` committed their rows with it.
   */
  async waitFor(position: GlobalPosition, timeoutMs: number, readModels?: readonly string[]): Promise<void> {
    const waited = [...this.subscriptions].filter(([name]) => !readModels || readModels.includes(name));
    await Promise.all(waited.map(([, s]) => s.waitFor(position, timeoutMs)));
  }

  async stop(): Promise<void> {
    this.running = false;
    const subscriptions = [...this.subscriptions.values()];
    this.subscriptions = new Map();
    await Promise.all(subscriptions.map((s) => s.stop()));
  }
}
