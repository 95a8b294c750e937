import { pickEventTypes, USER_EVENT_TYPES } from '@cc/contracts';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

interface TierHistoryRow {
  event_id: string;
  user_id: string;
  from_tier: string | null;
  to_tier: string;
  reason: string;
  actor_id: string | null;
  operator: string | null;
  at: string | Date;
  position_tx: string;
  position_seq: string;
}

const TIER_EVENTS = pickEventTypes(USER_EVENT_TYPES, ['UserRegistered', 'UserTierChanged']);

/**
 * Each user's tiers over time: the tier they registered with, then every change, who made it
 * (an administrator, the subscription, an operator at the command line) and when.
 */
export function tierHistoryProjector(): SetBasedProjector {
  return setBasedProjector<(typeof TIER_EVENTS)[number], { user_tier_history: TierHistoryRow }>({
    name: 'user_tier_history',
    version: 1,
    handles: TIER_EVENTS,
    tables: {
      user_tier_history: {
        key: ['event_id'],
        columns: {
          event_id: 'uuid',
          user_id: 'uuid',
          from_tier: 'text',
          to_tier: 'text',
          reason: 'text',
          actor_id: 'uuid',
          operator: 'text',
          at: 'timestamptz',
          position_tx: 'xid8',
          position_seq: 'bigint',
        },
      },
    },
    touches: (event) => ({ user_tier_history: [{ event_id: event.id }] }),
    evolve({ user_tier_history }, event) {
      // A redelivered event finds its row already there.
      if (user_tier_history.get({ event_id: event.id })) return;
      const change =
        event.type === 'UserRegistered'
          ? { user_id: event.data.userId, from_tier: null, to_tier: event.data.memberTier, reason: 'registered' }
          : { user_id: event.data.userId, from_tier: event.data.from, to_tier: event.data.to, reason: event.data.reason };
      user_tier_history.put({
        event_id: event.id,
        ...change,
        actor_id: event.metadata.userId ?? null,
        operator: event.metadata.operator ?? null,
        at: event.metadata.occurredAt,
        position_tx: event.position.txId.toString(),
        position_seq: event.position.seq.toString(),
      });
    },
  });
}
