import { DomainError } from '@cc/platform';
import type { SealedData } from '@cc/contracts';
import { userDecider, type UserCommand, type UserEvent } from './decider';

const sealed: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', memberTier: 'free', authMethod: 'password', personal: sealed },
};

/** given events, when a command, then events (or an error). */
function given(...history: UserEvent[]) {
  const state = history.reduce(userDecider.evolve, userDecider.initialState());
  return {
    when: (command: UserCommand) => ({
      then: (expected: UserEvent[]) => expect(userDecider.decide(command, state)).toEqual(expected),
      thenFails: (code: DomainError['code']) => {
        expect(() => userDecider.decide(command, state)).toThrow(DomainError);
        try {
          userDecider.decide(command, state);
        } catch (error) {
          expect((error as DomainError).code).toBe(code);
        }
      },
    }),
  };
}

describe('user decider', () => {
  it('registers a new user', () => {
    given()
      .when({ type: 'RegisterUser', data: registered.data })
      .then([registered]);
  });

  it('refuses to register the same user twice', () => {
    given(registered).when({ type: 'RegisterUser', data: registered.data }).thenFails('conflict');
  });

  it('changes the tier and records where it came from', () => {
    given(registered)
      .when({ type: 'ChangeUserTier', data: { userId: 'u1', tierName: 'administrators', reason: 'administrator' } })
      .then([{ type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'administrators', reason: 'administrator' } }]);
  });

  it('records nothing when the tier is already the requested one', () => {
    const toPro: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'pro', reason: 'administrator' } };
    given(registered, toPro)
      .when({ type: 'ChangeUserTier', data: { userId: 'u1', tierName: 'pro', reason: 'administrator' } })
      .then([]);
  });

  it('cannot change the tier of someone who never registered', () => {
    given()
      .when({ type: 'ChangeUserTier', data: { userId: 'u1', tierName: 'pro', reason: 'administrator' } })
      .thenFails('not-found');
  });

  it('updates a profile, and ignores an update that changes nothing', () => {
    given(registered)
      .when({ type: 'UpdateUserProfile', data: { userId: 'u1', personal: sealed, changedFields: ['phone'] } })
      .then([{ type: 'UserProfileUpdated', data: { userId: 'u1', personal: sealed, changedFields: ['phone'] } }]);
    given(registered)
      .when({ type: 'UpdateUserProfile', data: { userId: 'u1', personal: sealed, changedFields: [] } })
      .then([]);
    given()
      .when({ type: 'UpdateUserProfile', data: { userId: 'u1', personal: sealed, changedFields: ['phone'] } })
      .thenFails('not-found');
  });
});
