import {
  addDays,
  CLAIM_PROGRESS,
  DECISION_DATE_MESSAGES,
  isDecided,
  type ClaimPriority,
  type ClaimStatus,
  type ClaimEvent,
  type ConditionType,
  type SealedData,
} from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { ClaimEvent };

export interface ClaimState {
  filed: boolean;
  ownerId: string | null;
  status: ClaimStatus;
  rating: number | null;
  priority: ClaimPriority;
  estimatedDecisionDate: string | null;
  /** The date on the decision letter, only ever set while the claim is approved or denied. */
  decisionDate: string | null;
}

/** Every command names the actor; only the claim's owner may change it. */
interface Actor {
  actorId: string;
}

export type ClaimCommand =
  | {
      type: 'FileClaim';
      data: Actor & {
        claimId: string;
        claimNumber: string;
        text: SealedData;
        conditionType: ConditionType;
        priority: ClaimPriority;
        estimatedDecisionDate: string | null;
        filedAt: string;
      };
    }
  | {
      type: 'ChangeClaimStatus';
      data: Actor & {
        claimId: string;
        status: ClaimStatus;
        note: SealedData | null;
        /** With approved or denied: the date on the decision letter (YYYY-MM-DD). */
        decisionDate?: string;
        /** The actor's day (YYYY-MM-DD, UTC), so a decision date from the future is refused. */
        today?: string;
      };
    }
  | { type: 'ChangeClaimRating'; data: Actor & { claimId: string; rating: number | null } }
  | {
      type: 'AddClaimNote';
      data: Actor & {
        claimId: string;
        noteId: string;
        note: SealedData;
        noteType: 'general' | 'communication' | 'reminder';
        isImportant: boolean;
      };
    }
  | { type: 'AddDocumentToClaim'; data: Actor & { claimId: string; documentId: string; name: SealedData } }
  | {
      type: 'UpdateClaimDetails';
      data: Actor & {
        claimId: string;
        priority?: ClaimPriority;
        /** Sealed `{ nextAction }`; undefined leaves it, a sealed null clears it. */
        nextAction?: SealedData;
        estimatedDecisionDate?: string | null;
        /** The date on the decision letter; null clears it. */
        decisionDate?: string | null;
        today?: string;
      };
    };

const NOT_FOUND = 'Claim not found.';

/**
 * A decision date belongs to a decided claim, and cannot be later than the actor's day (one day of
 * slack: the server's UTC day can be behind a veteran's, e.g. in Guam).
 */
function checkDecisionDate(status: ClaimStatus, decisionDate: string, today: string | undefined): void {
  if (!isDecided(status))
    throw new DomainError('invalid', DECISION_DATE_MESSAGES.notDecided, {
      errors: [{ field: 'decisionDate', message: DECISION_DATE_MESSAGES.notDecided }],
    });
  if (today !== undefined && decisionDate > addDays(today, 1)) {
    throw new DomainError('invalid', DECISION_DATE_MESSAGES.future, {
      errors: [{ field: 'decisionDate', message: DECISION_DATE_MESSAGES.future }],
    });
  }
}

export const claimDecider: Decider<ClaimState, ClaimCommand, ClaimEvent> = {
  initialState: () => ({
    filed: false,
    ownerId: null,
    status: 'submitted',
    rating: null,
    priority: 'normal',
    estimatedDecisionDate: null,
    decisionDate: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ClaimFiled':
        return {
          ...state,
          filed: true,
          ownerId: event.data.userId,
          priority: event.data.priority,
          estimatedDecisionDate: event.data.estimatedDecisionDate,
        };
      case 'ClaimStatusChanged':
        return { ...state, status: event.data.to };
      case 'ClaimRatingChanged':
        return { ...state, rating: event.data.to };
      case 'ClaimPriorityChanged':
        return { ...state, priority: event.data.to };
      case 'ClaimDecisionDateEstimated':
        return { ...state, estimatedDecisionDate: event.data.to };
      case 'ClaimDecisionDateSet':
        return { ...state, decisionDate: event.data.to };
      case 'ClaimNoteAdded':
      case 'ClaimNextActionChanged':
      case 'ClaimDocumentAdded':
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'FileClaim') {
      if (state.filed) throw new DomainError('conflict', 'This claim already exists.');
      const { actorId, ...data } = command.data;
      return [{ type: 'ClaimFiled', data: { ...data, userId: actorId } }];
    }
    // Someone else's claim is answered exactly like a missing one: its existence is not revealed.
    if (!state.filed || state.ownerId !== command.data.actorId) throw new DomainError('not-found', NOT_FOUND);
    const base = { claimId: command.data.claimId, userId: state.ownerId };
    switch (command.type) {
      case 'ChangeClaimStatus': {
        const { status, note, decisionDate, today } = command.data;
        const events: ClaimEvent[] = [];
        if (status !== state.status || note) {
          events.push({
            type: 'ClaimStatusChanged',
            data: { ...base, from: state.status, to: status, progressPercentage: CLAIM_PROGRESS[status], note },
          });
        }
        if (decisionDate !== undefined) {
          checkDecisionDate(status, decisionDate, today);
          if (decisionDate !== state.decisionDate)
            events.push({ type: 'ClaimDecisionDateSet', data: { ...base, from: state.decisionDate, to: decisionDate } });
        } else if (!isDecided(status) && state.decisionDate !== null) {
          // Reopened: the decision no longer stands, and neither do its review deadlines.
          events.push({ type: 'ClaimDecisionDateSet', data: { ...base, from: state.decisionDate, to: null } });
        }
        return events;
      }
      case 'ChangeClaimRating':
        if (command.data.rating === state.rating) return [];
        return [{ type: 'ClaimRatingChanged', data: { ...base, from: state.rating, to: command.data.rating } }];
      case 'AddClaimNote': {
        const { noteId, note, noteType, isImportant } = command.data;
        return [{ type: 'ClaimNoteAdded', data: { ...base, noteId, note, noteType, isImportant } }];
      }
      case 'AddDocumentToClaim':
        return [{ type: 'ClaimDocumentAdded', data: { ...base, documentId: command.data.documentId, name: command.data.name } }];
      case 'UpdateClaimDetails': {
        const events: ClaimEvent[] = [];
        const { priority, nextAction, estimatedDecisionDate, decisionDate, today } = command.data;
        if (priority !== undefined && priority !== state.priority) {
          events.push({ type: 'ClaimPriorityChanged', data: { ...base, from: state.priority, to: priority } });
        }
        if (nextAction !== undefined) events.push({ type: 'ClaimNextActionChanged', data: { ...base, nextAction } });
        if (estimatedDecisionDate !== undefined && estimatedDecisionDate !== state.estimatedDecisionDate) {
          events.push({
            type: 'ClaimDecisionDateEstimated',
            data: { ...base, from: state.estimatedDecisionDate, to: estimatedDecisionDate },
          });
        }
        if (decisionDate !== undefined && decisionDate !== state.decisionDate) {
          if (decisionDate !== null) checkDecisionDate(state.status, decisionDate, today);
          events.push({ type: 'ClaimDecisionDateSet', data: { ...base, from: state.decisionDate, to: decisionDate } });
        }
        return events;
      }
    }
  },
};
