import { randomUUID } from 'node:crypto';
import { projectorSpec } from '../testing/projectorSpec';
import { tierHistoryProjector } from './projector';

describe('tier history projector', () => {
  const spec = projectorSpec(() => [tierHistoryProjector()]);
  const sealed = { alg: 'A256GCM', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' } as const;

  it('keeps the registration tier, then every change with its reason, actor or operator and time', async () => {
    const userId = randomUUID();
    const admin = randomUUID();
    const stream = `user-${userId}`;
    await spec.given(stream, [{ type: 'UserRegistered', data: { userId, memberTier: 'free', authMethod: 'password', personal: sealed } }], {
      userId,
      occurredAt: '2026-01-02T03:04:05.000Z',
    });
    await spec.given(stream, [{ type: 'UserTierChanged', data: { userId, from: 'free', to: 'administrators', reason: 'administrator' } }], {
      userId: admin,
      occurredAt: '2026-02-01T00:00:00.000Z',
    });
    await spec.given(stream, [{ type: 'UserTierChanged', data: { userId, from: 'administrators', to: 'pro', reason: 'operator' } }], {
      userId: null,
      operator: 'ops@host',
      occurredAt: '2026-03-01T00:00:00.000Z',
    });
    await spec.thenRows(
      'user_tier_history',
      [
        {
          user_id: userId,
          from_tier: null,
          to_tier: 'free',
          reason: 'registered',
          actor_id: userId,
          operator: null,
          at: new Date('2026-01-02T03:04:05.000Z'),
        },
        {
          user_id: userId,
          from_tier: 'free',
          to_tier: 'administrators',
          reason: 'administrator',
          actor_id: admin,
          operator: null,
          at: new Date('2026-02-01T00:00:00.000Z'),
        },
        {
          user_id: userId,
          from_tier: 'administrators',
          to_tier: 'pro',
          reason: 'operator',
          actor_id: null,
          operator: 'ops@host',
          at: new Date('2026-03-01T00:00:00.000Z'),
        },
      ],
      { orderBy: ['position_tx', 'position_seq'] },
    );
  });

  it('writes one row per event, however often the events are projected', async () => {
    const userId = randomUUID();
    await spec.given(`user-${userId}`, [
      { type: 'UserRegistered', data: { userId, memberTier: 'free', authMethod: 'password', personal: sealed } },
    ]);
    await spec.project();
    await spec.project({ version: 2 });
    await spec.thenRows('user_tier_history', [{ user_id: userId, to_tier: 'free' }]);
  });
});
