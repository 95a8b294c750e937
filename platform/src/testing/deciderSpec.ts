import type { DomainEvent } from '@cc/contracts';
import { DomainError, type Decider } from '../commands/handleCommand';

/**
 * Given events, when a command, then events (or a refusal): a decider tested as the pure function
 * it is. `given` folds the history with the decider's own `evolve`, so a test states a stream's past
 * the way the store would replay it, never a hand-built state.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(...history: Event[]) {
      const state = history.reduce(decider.evolve, decider.initialState());
      return {
        /** The folded state, for assertions about what the stream remembers. */
        state,
        when(command: Command) {
          const decide = () => decider.decide(command, state);
          return {
            /** The events decided, for a test that goes on from them. */
            decide,
            then: (expected: Event[]) => expect(decide()).toEqual(expected),
            /** Only the types, where the data is asserted elsewhere. */
            thenTypes: (expected: Array<Event['type']>) => expect(decide().map((event) => event.type)).toEqual(expected),
            /** Refused with this code, and this message when one is given. */
            thenFails: (code: DomainError['code'], message?: string) => {
              let thrown: unknown;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
              if (message !== undefined) expect((thrown as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
