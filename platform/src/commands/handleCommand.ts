import { eventSchemas, type DomainEvent, type SpecProblem } from '@cc/contracts';
import type { EventMetadata, EventStore, GlobalPosition, RecordedEvent } from '../eventstore/types';
import { WrongExpectedVersionError } from '../eventstore/types';
import { idempotentEventId } from '../workers/worker';

/** A pure decision model for one stream: no I/O, no clock (time comes in with the command). */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export interface CommandResult<State, Event> {
  events: Event[];
  state: State;
  version: number;
  /** Position reached by the append; undefined when the command changed nothing. */
  position: GlobalPosition | undefined;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
): State {
  return events.reduce((state, event) => decider.evolve(state, { type: event.type, data: event.data } as Event), decider.initialState());
}

/** Every event must match its schema in `contracts` before it is stored. */
function validate(event: DomainEvent): void {
  const spec = (eventSchemas as Record<string, { schema: { parse(v: unknown): unknown } }>)[event.type];
  if (!spec) throw new Error(`Unknown event type ${event.type}`);
  spec.schema.parse(event.data);
}

/**
 * Load → fold → decide → append with the version read. A concurrent writer makes the append fail
 * with a version conflict; the command is then decided again on the fresh state, a few times.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(args: {
  store: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  metadata: Partial<EventMetadata>;
  maxAttempts?: number;
  /** Derives the appended events' ids from this key, so repeating the command repeats the ids. */
  idempotencyKey?: string;
}): Promise<CommandResult<State, Event>> {
  const maxAttempts = args.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const { version, events: history } = await args.store.readStream(args.streamId);
    const state = fold(args.decider, history);
    const events = args.decider.decide(args.command, state);
    if (events.length === 0) return { events, state, version, position: undefined };
    events.forEach(validate);
    try {
      const key = args.idempotencyKey;
      const toAppend = key === undefined ? events : events.map((event, i) => ({ ...event, id: idempotentEventId(key, String(i)) }));
      const result = await args.store.appendToStream(args.streamId, toAppend, { expectedVersion: version, metadata: args.metadata });
      const next = events.reduce((s, e) => args.decider.evolve(s, e), state);
      return { events, state: next, version: result.nextExpectedVersion, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      // Contenders that all retry at once collide again; a growing random pause spreads them out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * attempt, 50)));
    }
  }
}

/**
 * A rule of the domain said no. Routes turn these into problem details; when the spec names the
 * error, pass its `SpecProblem` (contracts) and the body carries the spec's title and message.
 */
export class DomainError extends Error {
  /** The spec's error, when it names this one. */
  readonly problem?: SpecProblem;

  constructor(
    readonly code: 'not-found' | 'conflict' | 'invalid' | 'forbidden' | 'limit-reached',
    message: string | SpecProblem,
    /** Extra members for the problem details body, e.g. `{ limit: 3 }`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(typeof message === 'string' ? message : message.detail);
    this.name = 'DomainError';
    if (typeof message !== 'string') this.problem = message;
  }
}
