/**
 * What this process last decided on each stream: the decider's state and the version it reflects,
 * kept after a successful append so the next command on the stream needs no read before it appends.
 *
 * Only ever a guess. The append still names the version as its expected version, so a write this
 * process did not see (another process, a command that lost a race) makes it fail and the command
 * loads the stream and decides again; and a refusal decided on a remembered state is never given
 * without deciding again on the stream as stored (handleCommand).
 */
export interface DecidedState<State> {
  state: State;
  version: number;
  /** Events folded on top of the last snapshot (or the start): when the next snapshot is due. */
  folded: number;
}

/** How many streams a process remembers; the least recently decided are forgotten first. */
export const DECIDED_STATES_LIMIT = 10_000;

export class DecidedStates {
  private readonly entries = new Map<string, { decider: object; decided: DecidedState<unknown> }>();

  constructor(private readonly limit = DECIDED_STATES_LIMIT) {}

  /** The state `decider` last reached on the stream here, if it is remembered (for that decider only). */
  get<State>(streamId: string, decider: object): DecidedState<State> | undefined {
    const entry = this.entries.get(streamId);
    return entry?.decider === decider ? (entry.decided as DecidedState<State>) : undefined;
  }

  /** Remembers a state; one older than the state remembered (two commands finishing out of order) is dropped. */
  set<State>(streamId: string, decider: object, decided: DecidedState<State>): void {
    const known = this.entries.get(streamId);
    if (known && known.decider === decider && known.decided.version > decided.version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, { decider, decided });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
