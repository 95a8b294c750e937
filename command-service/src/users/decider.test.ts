import { DomainError } from '@cc/platform';
import type { MemberTierName, SealedData } from '@cc/contracts';
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

  describe('revoking a role', () => {
    const change = (from: MemberTierName, to: MemberTierName, reason: 'administrator' | 'subscription' | 'operator' = 'operator'): UserEvent => ({
      type: 'UserTierChanged',
      data: { userId: 'u1', from, to, reason },
    });
    const revoke = (tierName: MemberTierName): UserCommand => ({ type: 'RevokeUserRole', data: { userId: 'u1', tierName, reason: 'operator' } });

    it('takes the account back to the plan it had before the role', () => {
      given(registered, change('free', 'pro', 'subscription'), change('pro', 'administrators'))
        .when(revoke('administrators'))
        .then([change('administrators', 'pro')]);
    });

    it('passes over staff roles held in between, and falls back to Free for an account created as staff', () => {
      given(registered, change('free', 'basic', 'subscription'), change('basic', 'support'), change('support', 'administrators'))
        .when(revoke('administrators'))
        .then([change('administrators', 'basic')]);
      const createdAsAdministrator: UserEvent = {
        type: 'UserRegistered',
        data: { userId: 'u1', memberTier: 'administrators', authMethod: 'password', personal: sealed },
      };
      given(createdAsAdministrator).when(revoke('administrators')).then([change('administrators', 'free')]);
    });

    it('changes nothing when the account does not hold the role', () => {
      given(registered, change('free', 'adjudicators')).when(revoke('administrators')).then([]);
      given(registered).when(revoke('support')).then([]);
    });

    it('refuses to "revoke" a plan, and an account that does not exist', () => {
      given(registered, change('free', 'pro', 'subscription')).when(revoke('pro')).thenFails('invalid');
      given().when(revoke('administrators')).thenFails('not-found');
    });
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

describe('user decider: the claim limit', () => {
  const claimRegistered = (n: number): UserEvent => ({
    type: 'UserClaimRegistered',
    data: { userId: 'u1', claimId: `c${n}`, claimNumber: `2026-${String(n).padStart(3, '0')}` },
  });
  const register = (claimId: string, year = 2026): UserCommand => ({ type: 'RegisterClaim', data: { userId: 'u1', claimId, year } });

  it('numbers claims per user and year', () => {
    given(registered).when(register('c1')).then([claimRegistered(1)]);
    given(registered, claimRegistered(1)).when(register('c2')).then([claimRegistered(2)]);
    given(registered, claimRegistered(1))
      .when(register('c9', 2027))
      .then([{ type: 'UserClaimRegistered', data: { userId: 'u1', claimId: 'c9', claimNumber: '2027-001' } }]);
  });

  it('refuses a fourth claim on the Free plan with the spec message and the limit', () => {
    const history = [registered, claimRegistered(1), claimRegistered(2), claimRegistered(3)];
    given(...history).when(register('c4')).thenFails('limit-reached');
    const state = history.reduce(userDecider.evolve, userDecider.initialState());
    expect(() => userDecider.decide(register('c4'), state)).toThrow(
      "You've reached your limit of 3 claims. Please upgrade your plan to add more claims.",
    );
  });

  it('has no limit on a plan whose limit is 0', () => {
    const toBasic: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'basic', reason: 'subscription' } };
    given(registered, toBasic, claimRegistered(1), claimRegistered(2), claimRegistered(3))
      .when(register('c4'))
      .then([claimRegistered(4)]);
  });

  describe('the monthly document analysis quota', () => {
    const basic: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'basic', reason: 'subscription' } };
    const start = (analysisId: string, month = '2026-11') =>
      ({ type: 'StartDocumentAnalysis', data: { userId: 'u1', documentId: 'd1', analysisId, month } }) as const;
    const started = (analysisId: string, month = '2026-11'): UserEvent => ({ type: 'UserDocumentAnalysisStarted', data: start(analysisId, month).data });
    const twentyFive = Array.from({ length: 25 }, (_, i) => started(`a${i}`));

    it('is closed on the Free plan', () => {
      given(registered).when(start('a1')).thenFails('forbidden');
    });

    it('counts analyses on a paid plan', () => {
      given(registered, basic).when(start('a1')).then([started('a1')]);
    });

    it('stops at the Basic limit of 25 a month', () => {
      given(registered, basic, ...twentyFive).when(start('a25')).thenFails('limit-reached');
    });

    it('starts again the next month', () => {
      given(registered, basic, ...twentyFive).when(start('a25', '2026-12')).then([started('a25', '2026-12')]);
    });

    it('gives a refunded analysis back', () => {
      const refunded: UserEvent = { type: 'UserDocumentAnalysisRefunded', data: { userId: 'u1', documentId: 'd1', analysisId: 'a0' } };
      given(registered, basic, ...twentyFive, refunded).when(start('a25')).then([started('a25')]);
    });

    it('refunds an analysis once', () => {
      const refund = { type: 'RefundDocumentAnalysis', data: { userId: 'u1', documentId: 'd1', analysisId: 'a1' } } as const;
      given(registered, basic, started('a1')).when(refund).then([{ type: 'UserDocumentAnalysisRefunded', data: refund.data }]);
      given(registered, basic, started('a1'), { type: 'UserDocumentAnalysisRefunded', data: refund.data }).when(refund).then([]);
    });

    it('has no limit on Pro', () => {
      const pro: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'pro', reason: 'subscription' } };
      given(registered, pro, ...twentyFive, ...twentyFive.map((e, i) => started(`b${i}`))).when(start('c')).then([started('c')]);
    });
  });
});
