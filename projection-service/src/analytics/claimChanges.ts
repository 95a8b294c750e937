import { CLAIM_EVENT_TYPES, pickEventTypes } from '@cc/contracts';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';

export interface ClaimChangeRow {
  event_id: string;
  claim_id: string;
  user_id: string;
  kind: 'filed' | 'status' | 'rating';
  /** The status after the change (filed: submitted); null for a rating change. */
  status: string | null;
  /** The rating after a rating change; null otherwise. */
  rating: number | null;
  at: string | Date;
  position_tx: string;
  position_seq: string;
}

const CLAIM_CHANGE_EVENTS = [
  ...pickEventTypes(CLAIM_EVENT_TYPES, ['ClaimFiled', 'ClaimStatusChanged', 'ClaimRatingChanged']),
  ACCOUNT_ERASED,
] as const;

/**
 * `analytics_claim_changes`: one row per filing, status change and rating change of a claim, in the
 * log's order, from which the analytics replay how the veteran's claims and combined rating moved.
 * Nothing sealed: statuses and ratings are not personal text.
 */
export function claimChangesProjector(): SetBasedProjector {
  return setBasedProjector<(typeof CLAIM_CHANGE_EVENTS)[number], { analytics_claim_changes: ClaimChangeRow }>({
    name: 'analytics_claim_changes',
    version: 1,
    handles: CLAIM_CHANGE_EVENTS,
    tables: {
      analytics_claim_changes: {
        key: ['event_id'],
        columns: {
          event_id: 'uuid',
          claim_id: 'uuid',
          user_id: 'uuid',
          kind: 'text',
          status: 'text',
          rating: 'integer',
          at: 'timestamptz',
          position_tx: 'xid8',
          position_seq: 'bigint',
        },
      },
    },
    touches: (event) => ({
      analytics_claim_changes: [event.type === ACCOUNT_ERASED ? { user_id: event.data.userId } : { event_id: event.id }],
    }),
    evolve({ analytics_claim_changes: changes }, event) {
      if (event.type === ACCOUNT_ERASED) {
        for (const row of changes.where({ user_id: event.data.userId })) changes.delete(row);
        return;
      }
      if (changes.get({ event_id: event.id })) return;
      const row = {
        event_id: event.id,
        claim_id: event.data.claimId,
        user_id: event.data.userId,
        at: event.metadata.occurredAt,
        position_tx: event.position.txId.toString(),
        position_seq: event.position.seq.toString(),
      };
      switch (event.type) {
        case 'ClaimFiled':
          // The filing's own date: a claim may be entered after it was filed with VA.
          changes.put({ ...row, at: event.data.filedAt, kind: 'filed', status: 'submitted', rating: null });
          return;
        case 'ClaimStatusChanged':
          changes.put({ ...row, kind: 'status', status: event.data.to, rating: null });
          return;
        case 'ClaimRatingChanged':
          changes.put({ ...row, kind: 'rating', status: null, rating: event.data.to });
          return;
      }
    },
  });
}
