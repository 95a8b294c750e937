import { eventSchemas, type DomainEvent, type SpecProblem } from '@cc/contracts';
import type { AppendResult, EventMetadata, EventStore, GlobalPosition, RecordedEvent } from '../eventstore/types';
import { WrongExpectedVersionError } from '../eventstore/types';
import { idempotentEventId } from '../workers/worker';
import type { DecidedStates } from './decidedStates';

/** A pure decision model for one stream: no I/O, no clock (time comes in with the command). */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** For a stream that keeps growing: its state is kept in a snapshot, so a command folds only what came after. */
  snapshot?: SnapshotPolicy<State>;
}

/**
 * How a decider's state is kept between commands. Worth it only for a state whose size does not
 * grow with the stream (counts, not lists): loading the snapshot then costs the same at any age.
 */
export interface SnapshotPolicy<State> {
  /**
   * Names the state's shape and meaning. Change it whenever the state or `evolve` changes: a
   * snapshot under another name is ignored and the stream folded from its start again.
   */
  name: string;
  /** A command that folded (and appended) at least this many events on top of the snapshot writes a new one. */
  every: number;
  /** The state as JSON. */
  save(state: State): unknown;
  /** The state back from `save`'s JSON; throws on anything else, and the stream is then folded from its start. */
  load(saved: unknown): State;
}

export interface LoadedState<State> {
  state: State;
  /** The stream's version the state reflects (the expected version of the next append). */
  version: number;
  /** Events folded on top of the snapshot, or from the start when there was none. */
  folded: number;
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
  from: State = decider.initialState(),
): State {
  return events.reduce((state, event) => decider.evolve(state, { type: event.type, data: event.data } as Event), from);
}

/** The decider's current state of a stream: its snapshot, if it has a usable one, and the events after it. */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'snapshot'>,
): Promise<LoadedState<State>> {
  let base = { state: decider.initialState(), version: 0 };
  const policy = decider.snapshot;
  if (policy) {
    const snapshot = await store.readSnapshot(streamId);
    if (snapshot?.name === policy.name) {
      try {
        base = { state: policy.load(snapshot.state), version: snapshot.version };
      } catch {
        // An unreadable snapshot is only a lost shortcut: the events are folded from the start.
      }
    }
  }
  const { version, events } = await store.readStream(streamId, { after: base.version });
  return { state: fold(decider, events, base.state), version, folded: events.length };
}

/**
 * Writes a snapshot once enough events were folded past the last one. Never fails the command.
 * Answers how many events are folded past the newest snapshot now.
 */
async function keepSnapshot<State>(
  store: EventStore,
  streamId: string,
  policy: SnapshotPolicy<State> | undefined,
  loaded: LoadedState<State>,
): Promise<number> {
  if (!policy || loaded.folded < policy.every) return loaded.folded;
  try {
    await store.writeSnapshot(streamId, { name: policy.name, version: loaded.version, state: policy.save(loaded.state) });
    return 0;
  } catch {
    // The command's events are stored; a snapshot not written now only means the next command folds more.
    return loaded.folded;
  }
}

/** Every event must match its schema in `contracts` before it is stored. */
function validate(event: DomainEvent): void {
  const spec = (eventSchemas as Record<string, { schema: { parse(v: unknown): unknown } }>)[event.type];
  if (!spec) throw new Error(`Unknown event type ${event.type}`);
  spec.schema.parse(event.data);
}

/**
 * Tries a command gets by default when others write its stream at the same moment. A version
 * conflict only means another command was decided first, and deciding again on the new state is
 * always right; N commands at once on one stream (a burst of chat messages in one session, of
 * claims and documents on one user's stream) need up to N tries for the last of them.
 */
export const COMMAND_MAX_ATTEMPTS = 50;

/**
 * Load (the snapshot, if the decider keeps one, and the events after it) → fold → decide → append
 * with the version read. A concurrent writer makes the append fail with a version conflict; the
 * command is then decided again on the fresh state, up to `maxAttempts` (COMMAND_MAX_ATTEMPTS) times.
 *
 * With `decided`, the first attempt starts from the state this process last decided on the stream,
 * when it remembers one, and reads nothing; with `newStream` (a stream whose id the caller has just
 * made), from the initial state at version 0. Either is only a guess the append's expected version
 * checks: a conflict, a refusal or a command that changes nothing on a guessed state sends the
 * command back to the stream as stored, so no answer rests on a guess.
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
  /** The states this process decided last (decidedStates.ts): the first attempt starts from the stream's, if known. */
  decided?: DecidedStates;
  /** The caller made the stream's id just now: the first attempt assumes it empty and reads nothing. */
  newStream?: boolean;
  /** The caller appends again at once: other processes may hear of this append with that one (AppendOptions). */
  notifyWithNext?: boolean;
}): Promise<CommandResult<State, Event>> {
  const maxAttempts = args.maxAttempts ?? COMMAND_MAX_ATTEMPTS;
  const { decider, streamId } = args;
  let guessed: LoadedState<State> | undefined = args.newStream
    ? { state: decider.initialState(), version: 0, folded: 0 }
    : args.decided?.get<State>(streamId, decider);
  // Counts the attempts on the stream as stored; one on a guess is free.
  let attempt = 0;
  for (;;) {
    const guess = guessed;
    guessed = undefined;
    if (!guess) attempt += 1;
    const loaded = guess ?? (await loadState(args.store, streamId, decider));
    const { state, version } = loaded;
    let events: Event[];
    try {
      events = decider.decide(args.command, state);
    } catch (error) {
      if (guess) {
        args.decided?.forget(streamId);
        continue;
      }
      // The stream as stored refused: that state is as good a guess as any for the next command.
      args.decided?.set(streamId, decider, loaded);
      throw error;
    }
    if (events.length === 0) {
      if (guess) {
        args.decided?.forget(streamId);
        continue;
      }
      const folded = await keepSnapshot(args.store, streamId, decider.snapshot, loaded);
      args.decided?.set(streamId, decider, { state, version, folded });
      return { events, state, version, position: undefined };
    }
    events.forEach(validate);
    const key = args.idempotencyKey;
    const toAppend = key === undefined ? events : events.map((event, i) => ({ ...event, id: idempotentEventId(key, String(i)) }));
    let result: AppendResult;
    try {
      result = await args.store.appendToStream(streamId, toAppend, {
        expectedVersion: version,
        metadata: args.metadata,
        notifyWithNext: args.notifyWithNext,
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      args.decided?.forget(streamId);
      // A wrong guess is not a lost race: it costs no pause.
      if (guess) continue;
      if (attempt >= maxAttempts) throw error;
      // Contenders that all retry at once collide again; a growing random pause spreads them out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * attempt, 50)));
      continue;
    }
    const next = events.reduce((s, e) => decider.evolve(s, e), state);
    const after = { state: next, version: result.nextExpectedVersion, folded: loaded.folded + events.length };
    const folded = await keepSnapshot(args.store, streamId, decider.snapshot, after);
    args.decided?.set(streamId, decider, { ...after, folded });
    return { events, state: next, version: result.nextExpectedVersion, position: result.position };
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
