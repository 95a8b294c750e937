import { DomainError } from '@cc/platform';
import type { MemberTierName, SealedData } from '@cc/contracts';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { userDecider, type UserCommand, type UserEvent } from './decider';

const sealed: SealedData = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', memberTier: 'free', authMethod: 'password', personal: sealed },
};

const { given } = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a new user', () => {
    given().when({ type: 'RegisterUser', data: registered.data }).then([registered]);
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

  describe('the tier that follows a subscription', () => {
    const apply = (tierName: 'free' | 'basic' | 'pro'): UserCommand => ({
      type: 'ApplySubscriptionTier',
      data: { userId: 'u1', tierName },
    });
    const to = (from: MemberTierName, target: MemberTierName, reason: 'administrator' | 'subscription' = 'subscription'): UserEvent => ({
      type: 'UserTierChanged',
      data: { userId: 'u1', from, to: target, reason },
    });

    it('moves between the sold plans, recorded as a subscription change', () => {
      given(registered)
        .when(apply('basic'))
        .then([to('free', 'basic')]);
      given(registered, to('free', 'pro'))
        .when(apply('free'))
        .then([to('pro', 'free')]);
      given(registered, to('free', 'basic')).when(apply('basic')).then([]);
    });

    it('leaves a tier an administrator assigned alone', () => {
      for (const tier of ['administrators', 'support', 'transitioning', 'medical'] as const) {
        given(registered, to('free', tier, 'administrator'))
          .when(apply('free'))
          .then([]);
      }
      given().when(apply('basic')).thenFails('not-found');
    });
  });

  describe('revoking a role', () => {
    const change = (
      from: MemberTierName,
      to: MemberTierName,
      reason: 'administrator' | 'subscription' | 'operator' = 'operator',
    ): UserEvent => ({
      type: 'UserTierChanged',
      data: { userId: 'u1', from, to, reason },
    });
    const revoke = (tierName: MemberTierName): UserCommand => ({
      type: 'RevokeUserRole',
      data: { userId: 'u1', tierName, reason: 'operator' },
    });

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
      given(createdAsAdministrator)
        .when(revoke('administrators'))
        .then([change('administrators', 'free')]);
    });

    it('changes nothing when the account does not hold the role', () => {
      given(registered, change('free', 'adjudicators')).when(revoke('administrators')).then([]);
      given(registered).when(revoke('support')).then([]);
    });

    it('refuses to "revoke" a plan, and an account that does not exist', () => {
      given(registered, change('free', 'pro', 'subscription'))
        .when(revoke('pro'))
        .thenFails('invalid');
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
    given(registered)
      .when(register('c1'))
      .then([claimRegistered(1)]);
    given(registered, claimRegistered(1))
      .when(register('c2'))
      .then([claimRegistered(2)]);
    given(registered, claimRegistered(1))
      .when(register('c9', 2027))
      .then([{ type: 'UserClaimRegistered', data: { userId: 'u1', claimId: 'c9', claimNumber: '2027-001' } }]);
  });

  it('refuses a fourth claim on the Free plan with the spec message and the limit', () => {
    const history = [registered, claimRegistered(1), claimRegistered(2), claimRegistered(3)];
    given(...history)
      .when(register('c4'))
      .thenFails('limit-reached', "You've reached your limit of 3 claims. Please upgrade your plan to add more claims.");
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
    const started = (analysisId: string, month = '2026-11'): UserEvent => ({
      type: 'UserDocumentAnalysisStarted',
      data: start(analysisId, month).data,
    });
    const twentyFive = Array.from({ length: 25 }, (_, i) => started(`a${i}`));

    it('is closed on the Free plan', () => {
      given(registered).when(start('a1')).thenFails('forbidden');
    });

    it('counts analyses on a paid plan', () => {
      given(registered, basic)
        .when(start('a1'))
        .then([started('a1')]);
    });

    it('stops at the Basic limit of 25 a month', () => {
      given(registered, basic, ...twentyFive)
        .when(start('a25'))
        .thenFails('limit-reached');
    });

    it('starts again the next month', () => {
      given(registered, basic, ...twentyFive)
        .when(start('a25', '2026-12'))
        .then([started('a25', '2026-12')]);
    });

    const limitReached = (month = '2026-11'): UserEvent => ({
      type: 'UserUsageLimitReached',
      data: { userId: 'u1', usage: 'document-analyses', month, limit: 25 },
    });

    it("says so when an analysis uses the month's allowance up, and only then", () => {
      given(registered, basic, ...twentyFive.slice(0, 24))
        .when(start('a24'))
        .then([started('a24'), limitReached()]);
      given(registered, basic, ...twentyFive.slice(0, 23))
        .when(start('a23'))
        .then([started('a23')]);
    });

    it('gives a refunded analysis back', () => {
      const refunded: UserEvent = { type: 'UserDocumentAnalysisRefunded', data: { userId: 'u1', documentId: 'd1', analysisId: 'a0' } };
      given(registered, basic, ...twentyFive, refunded)
        .when(start('a25'))
        .then([started('a25'), limitReached()]);
    });

    const refund = (analysisId: string, month = '2026-11') =>
      ({ type: 'RefundDocumentAnalysis', data: { userId: 'u1', documentId: 'd1', analysisId, month } }) as const;
    const refunded = (analysisId: string, month = '2026-11'): UserEvent => ({
      type: 'UserDocumentAnalysisRefunded',
      data: refund(analysisId, month).data,
    });

    it('refunds into the month the analysis counted in, never below nothing', () => {
      given(registered, basic, started('a1'))
        .when(refund('a1'))
        .then([refunded('a1')]);
      given(registered, basic, started('a1'), refunded('a1')).when(refund('a1')).then([]);
      given(registered, basic, started('a1', '2026-12')).when(refund('a1', '2026-11')).then([]);
    });

    it('has no limit on Pro', () => {
      const pro: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'pro', reason: 'subscription' } };
      given(registered, pro, ...twentyFive, ...twentyFive.map((e, i) => started(`b${i}`)))
        .when(start('c'))
        .then([started('c')]);
    });

    it('keeps counting a month that a request recorded just after midnight left behind', () => {
      given(registered, basic, ...twentyFive, started('n1', '2026-12'))
        .when(start('late', '2026-11'))
        .thenFails('limit-reached');
      given(registered, basic, ...twentyFive, started('n1', '2026-12'), refunded('a3'))
        .when(start('late', '2026-11'))
        .then([started('late'), limitReached()]);
    });

    describe('a history stored before refunds said their month', () => {
      const legacyRefund = (analysisId: string): UserEvent => ({
        type: 'UserDocumentAnalysisRefunded',
        data: { userId: 'u1', documentId: 'd1', analysisId },
      });

      it('gives the refund back to the month its analysis started in', () => {
        given(registered, basic, ...twentyFive, legacyRefund('a7'))
          .when(start('a25'))
          .then([started('a25'), limitReached()]);
        // An analysis of October refunded in November frees nothing in November.
        given(registered, basic, started('oct', '2026-10'), ...twentyFive, legacyRefund('oct'))
          .when(start('a25'))
          .thenFails('limit-reached');
      });

      it('ignores a refund of an analysis it never saw start, or saw refunded', () => {
        given(registered, basic, ...twentyFive, legacyRefund('unknown'))
          .when(start('a25'))
          .thenFails('limit-reached');
        const history = [registered, basic, ...twentyFive.slice(0, 24), started('x'), legacyRefund('x'), legacyRefund('x')];
        given(...history)
          .when(start('y'))
          .then([started('y'), limitReached()]);
        given(...history, started('y'))
          .when(start('z'))
          .thenFails('limit-reached');
      });
    });
  });
});

describe('user decider: documents', () => {
  const docRegistered = (id: string): UserEvent => ({ type: 'UserDocumentRegistered', data: { userId: 'u1', documentId: id } });
  const docRemoved = (id: string): UserEvent => ({ type: 'UserDocumentRemoved', data: { userId: 'u1', documentId: id } });
  const registerDoc = (id: string): UserCommand => ({ type: 'RegisterDocument', data: { userId: 'u1', documentId: id } });
  const removeDoc = (id: string): UserCommand => ({ type: 'RemoveDocument', data: { userId: 'u1', documentId: id } });
  const ten = Array.from({ length: 10 }, (_, i) => docRegistered(`d${i}`));

  it('counts the documents kept against the Free limit of 10', () => {
    given(registered, ...ten.slice(0, 9))
      .when(registerDoc('d9'))
      .then([docRegistered('d9')]);
    given(registered, ...ten)
      .when(registerDoc('d10'))
      .thenFails('limit-reached');
  });

  it('frees a slot for a removed document', () => {
    given(registered, ...ten)
      .when(removeDoc('d3'))
      .then([docRemoved('d3')]);
    given(registered, ...ten, docRemoved('d3'))
      .when(registerDoc('d10'))
      .then([docRegistered('d10')]);
  });

  it('removes nothing from a user who keeps no document', () => {
    given(registered).when(removeDoc('d1')).then([]);
    given(registered, docRegistered('d1'), docRemoved('d1')).when(removeDoc('d1')).then([]);
  });
});

describe('user decider: its state does not grow with the history', () => {
  const fold = (history: UserEvent[]) => given(...history).state;
  const pro: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'pro', reason: 'subscription' } };
  const analyses = (n: number, month: (i: number) => string): UserEvent[] =>
    Array.from({ length: n }, (_, i) => ({
      type: 'UserDocumentAnalysisStarted',
      data: { userId: 'u1', documentId: `d${i}`, analysisId: `a${i}`, month: month(i) },
    }));
  const documents = (n: number): UserEvent[] =>
    Array.from({ length: n }, (_, i) => ({ type: 'UserDocumentRegistered', data: { userId: 'u1', documentId: `d${i}` } }));
  // Its shape: counts are written as 0, so only what would grow with a list is measured.
  const snapshotSize = (history: UserEvent[]) =>
    JSON.stringify(userDecider.snapshot!.save(fold(history)), (_key, value: unknown) => (typeof value === 'number' ? 0 : value)).length;

  it('keeps the same snapshot size for 10 or 10,000 analyses and documents', () => {
    const sameMonth = () => '2026-11';
    expect(snapshotSize([registered, pro, ...documents(10_000), ...analyses(10_000, sameMonth)])).toBe(
      snapshotSize([registered, pro, ...documents(10), ...analyses(10, sameMonth)]),
    );
    const overYears = (i: number) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    expect(snapshotSize([registered, pro, ...analyses(300, overYears)])).toBe(snapshotSize([registered, pro, ...analyses(2, overYears)]));
  });

  it('forgets, while folding, the months of analyses in months it no longer keeps', () => {
    const overMonths = (i: number) => `2026-${String(Math.floor(i / 100) + 1).padStart(2, '0')}`;
    expect(fold([registered, pro, ...analyses(1_000, overMonths)]).startedMonths.size).toBe(200);
  });

  it('decides the same from a snapshot as from the whole history', () => {
    const basic: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'basic', reason: 'subscription' } };
    const history = [registered, basic, ...documents(3), ...analyses(24, () => '2026-11')];
    const policy = userDecider.snapshot!;
    const restored = policy.load(JSON.parse(JSON.stringify(policy.save(fold(history)))));
    expect(policy.save(restored)).toEqual(policy.save(fold(history)));
    const start = (id: string) =>
      ({ type: 'StartDocumentAnalysis', data: { userId: 'u1', documentId: 'd1', analysisId: id, month: '2026-11' } }) as const;
    expect(userDecider.decide(start('x'), restored)).toEqual(
      given(...history)
        .when(start('x'))
        .decide(),
    );
    const full = userDecider.evolve(restored, userDecider.decide(start('x'), restored)[0]!);
    expect(() => userDecider.decide(start('y'), full)).toThrow(DomainError);
  });

  it('refuses a snapshot it does not recognise', () => {
    expect(() => userDecider.snapshot!.load({ registered: true, documentIds: [] })).toThrow();
  });
});

describe('user decider: the monthly AI question quota', () => {
  const count = (questionId: string, month = '2026-11', sessionId: string | null = 's1'): UserCommand => ({
    type: 'CountChatQuestion',
    data: { userId: 'u1', questionId, sessionId, month },
  });
  const counted = (questionId: string, month = '2026-11', sessionId: string | null = 's1'): UserEvent => ({
    type: 'UserChatQuestionCounted',
    data: { userId: 'u1', questionId, sessionId, month },
  });
  const refund = (questionId: string, month = '2026-11'): UserCommand => ({
    type: 'RefundChatQuestion',
    data: { userId: 'u1', questionId, month },
  });
  const refunded = (questionId: string, month = '2026-11'): UserEvent => ({
    type: 'UserChatQuestionRefunded',
    data: { userId: 'u1', questionId, month },
  });
  const tenQuestions = Array.from({ length: 10 }, (_, i) => counted(`q${i}`));
  const toBasic: UserEvent = { type: 'UserTierChanged', data: { userId: 'u1', from: 'free', to: 'basic', reason: 'subscription' } };

  it('counts a question on the Free plan, from the wizard (no session) too', () => {
    given(registered)
      .when(count('q1'))
      .then([counted('q1')]);
    given(registered)
      .when(count('q1', '2026-11', null))
      .then([counted('q1', '2026-11', null)]);
  });

  it('refuses the eleventh question of the month on the Free plan with a message naming the limit', () => {
    let thrown: unknown;
    try {
      given(registered, ...tenQuestions)
        .when(count('q11'))
        .decide();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('limit-reached');
    expect((thrown as DomainError).message).toContain('all 10 AI questions');
    expect((thrown as DomainError).details).toEqual({ limit: 10, used: 10, upgrade: true });
  });

  it('starts again the next month', () => {
    given(registered, ...tenQuestions)
      .when(count('q11', '2026-12'))
      .then([counted('q11', '2026-12')]);
  });

  it('gives a failed answer its question back, once the month had it', () => {
    given(registered, ...tenQuestions)
      .when(refund('q3'))
      .then([refunded('q3')]);
    given(registered, ...tenQuestions, refunded('q3'))
      .when(count('q11'))
      .then([counted('q11')]);
    given(registered).when(refund('q3')).then([]);
  });

  it('has no limit on a plan whose limit is 0 (Basic)', () => {
    given(registered, toBasic, ...tenQuestions, ...tenQuestions)
      .when(count('q21'))
      .then([counted('q21')]);
  });

  it('keeps only the newest months in its state and snapshot', () => {
    const overMonths = Array.from({ length: 24 }, (_, i) => counted(`q${i}`, `2025-${String((i % 12) + 1).padStart(2, '0')}`));
    const { state } = given(registered, ...overMonths);
    expect(Object.keys(state.questionsByMonth)).toEqual(['2025-11', '2025-12']);
    const policy = userDecider.snapshot!;
    expect(policy.load(JSON.parse(JSON.stringify(policy.save(state)))).questionsByMonth).toEqual(state.questionsByMonth);
  });
});
