import type { EventStore, GlobalPosition, Logger, Subscription } from '@cc/platform';
import type { Projector } from './projector';

export interface ProjectionRunnerOptions {
  store: EventStore;
  projectors: readonly Projector[];
  logger: Logger;
  pollIntervalMs?: number;
}

export function checkpointName(projector: Projector): string {
  return `projection:${projector.name}:v${projector.version}`;
}

/** Runs every projector as its own catch-up subscription on the event store. */
export class ProjectionRunner {
  private subscriptions: Subscription[] = [];
  private running = false;

  constructor(private readonly options: ProjectionRunnerOptions) {}

  /** The checkpoint name of every projector it runs, one subscription each. */
  get subscriptionNames(): string[] {
    return this.options.projectors.map(checkpointName);
  }

  start(): void {
    if (this.running) return;
    const { store, projectors, logger } = this.options;
    this.subscriptions = projectors.map((projector) =>
      store.subscribe({
        name: checkpointName(projector),
        filter: { types: projector.handles },
        pollIntervalMs: this.options.pollIntervalMs,
        handle: async (events, trx) => {
          for (const event of events) {
            await projector.project(event, trx);
            logger.debug({ projector: projector.name, eventId: event.id, type: event.type, correlationId: event.metadata.correlationId }, 'projected');
          }
        },
        onError: (error, context) =>
          logger.error({ err: error, ...context }, context.parked ? 'projection parked an event' : 'projection batch failed'),
        onStateChange: ({ subscription, state, error, downForMs }) =>
          state === 'degraded'
            ? logger.warn({ subscription, state, err: error }, 'projection waits for the database to come back')
            : logger.info({ subscription, state, downForMs }, 'projection is back'),
      }),
    );
    this.running = true;
  }

  isRunning(): boolean {
    return this.running;
  }

  /** Resolves once every projector has applied everything up to `position` (read-your-writes). */
  async waitFor(position: GlobalPosition, timeoutMs: number): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.waitFor(position, timeoutMs)));
  }

  async stop(): Promise<void> {
    this.running = false;
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((s) => s.stop()));
  }
}
