import { pickEventTypes, USER_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { Projector } from '../runner/projector';

/**
 * Each user's tiers over time: the tier they registered with, then every change, who made it
 * (an administrator, the subscription, an operator at the command line) and when.
 */
export function tierHistoryProjector(): Projector {
  return {
    name: 'user_tier_history',
    version: 1,
    tables: ['user_tier_history'],
    handles: pickEventTypes(USER_EVENT_TYPES, ['UserRegistered', 'UserTierChanged']),
    async project(event, trx) {
      const position = { position_tx: trx.raw('?::xid8', [event.position.txId.toString()]), position_seq: event.position.seq.toString() };
      const common = {
        event_id: event.id,
        actor_id: event.metadata.userId,
        operator: event.metadata.operator ?? null,
        at: event.metadata.occurredAt,
        ...position,
      };
      if (event.type === 'UserRegistered') {
        const d = event.data as EventDataOf<'UserRegistered'>;
        await trx('user_tier_history')
          .insert({ ...common, user_id: d.userId, from_tier: null, to_tier: d.memberTier, reason: 'registered' })
          .onConflict('event_id')
          .ignore();
      } else if (event.type === 'UserTierChanged') {
        const d = event.data as EventDataOf<'UserTierChanged'>;
        await trx('user_tier_history')
          .insert({ ...common, user_id: d.userId, from_tier: d.from, to_tier: d.to, reason: d.reason })
          .onConflict('event_id')
          .ignore();
      }
    },
  };
}
