import { ANALYSIS_MESSAGES, CLAIM_MESSAGES, DOCUMENT_MESSAGES, memberTier, rolesOfTier, type DomainEvent, type EventDataOf, type MemberTierName, type SealedData } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type UserEvent = Extract<
  DomainEvent,
  {
    type:
      | 'UserRegistered'
      | 'UserProfileUpdated'
      | 'UserTierChanged'
      | 'UserClaimRegistered'
      | 'UserDocumentRegistered'
      | 'UserDocumentRemoved'
      | 'UserDocumentAnalysisStarted'
      | 'UserDocumentAnalysisRefunded';
  }
>;

export interface UserState {
  registered: boolean;
  tier: MemberTierName;
  /** The latest tier without a staff role (a plan); where revoking a role takes the account back to. */
  customerTier: MemberTierName;
  /** Claims registered so far, and how many per year (for the claim numbers). */
  claims: number;
  claimsByYear: Record<string, number>;
  /** Documents the user keeps now; removing one frees its slot. */
  documentIds: string[];
  /** Analyses that count against the monthly quota: analysis id → month (`YYYY-MM`). */
  analysisMonths: Record<string, string>;
}

export type UserCommand =
  | { type: 'RegisterUser'; data: EventDataOf<'UserRegistered'> }
  | { type: 'UpdateUserProfile'; data: { userId: string; personal: SealedData; changedFields: string[] } }
  | { type: 'RegisterClaim'; data: { userId: string; claimId: string; year: number } }
  | { type: 'RegisterDocument'; data: { userId: string; documentId: string } }
  | { type: 'RemoveDocument'; data: { userId: string; documentId: string } }
  | { type: 'StartDocumentAnalysis'; data: { userId: string; documentId: string; analysisId: string; month: string } }
  | { type: 'RefundDocumentAnalysis'; data: { userId: string; documentId: string; analysisId: string } }
  | {
      type: 'ChangeUserTier';
      data: { userId: string; tierName: MemberTierName; reason: EventDataOf<'UserTierChanged'>['reason'] };
    }
  | {
      type: 'RevokeUserRole';
      /** `tierName` is the staff tier whose role is taken away. */
      data: { userId: string; tierName: MemberTierName; reason: EventDataOf<'UserTierChanged'>['reason'] };
    };

const isStaffTier = (tier: MemberTierName) => rolesOfTier(tier).length > 0;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ registered: false, tier: 'free', customerTier: 'free', claims: 0, claimsByYear: {}, documentIds: [], analysisMonths: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          registered: true,
          tier: event.data.memberTier,
          customerTier: isStaffTier(event.data.memberTier) ? 'free' : event.data.memberTier,
        };
      case 'UserClaimRegistered': {
        const year = event.data.claimNumber.slice(0, 4);
        return {
          ...state,
          claims: state.claims + 1,
          claimsByYear: { ...state.claimsByYear, [year]: (state.claimsByYear[year] ?? 0) + 1 },
        };
      }
      case 'UserTierChanged':
        return { ...state, tier: event.data.to, customerTier: isStaffTier(event.data.to) ? state.customerTier : event.data.to };
      case 'UserDocumentRegistered':
        return { ...state, documentIds: [...state.documentIds, event.data.documentId] };
      case 'UserDocumentRemoved':
        return { ...state, documentIds: state.documentIds.filter((id) => id !== event.data.documentId) };
      case 'UserDocumentAnalysisStarted':
        return { ...state, analysisMonths: { ...state.analysisMonths, [event.data.analysisId]: event.data.month } };
      case 'UserDocumentAnalysisRefunded': {
        const { [event.data.analysisId]: _refunded, ...analysisMonths } = state.analysisMonths;
        return { ...state, analysisMonths };
      }
      case 'UserProfileUpdated':
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        if (state.registered) throw new DomainError('conflict', 'This account already exists.');
        return [{ type: 'UserRegistered', data: command.data }];
      case 'UpdateUserProfile':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (command.data.changedFields.length === 0) return [];
        return [{ type: 'UserProfileUpdated', data: command.data }];
      case 'RegisterClaim': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        // A limit of 0 means unlimited.
        const limit = memberTier(state.tier).maxClaims;
        if (limit > 0 && state.claims >= limit) {
          throw new DomainError('limit-reached', CLAIM_MESSAGES.claimLimitReached(limit), { limit });
        }
        const year = String(command.data.year);
        const sequence = (state.claimsByYear[year] ?? 0) + 1;
        return [
          {
            type: 'UserClaimRegistered',
            data: { userId: command.data.userId, claimId: command.data.claimId, claimNumber: `${year}-${String(sequence).padStart(3, '0')}` },
          },
        ];
      }
      case 'RegisterDocument': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        const limit = memberTier(state.tier).maxDocumentUploads;
        if (limit > 0 && state.documentIds.length >= limit) {
          throw new DomainError('limit-reached', DOCUMENT_MESSAGES.limitReached(limit), { limit });
        }
        return [{ type: 'UserDocumentRegistered', data: command.data }];
      }
      case 'RemoveDocument':
        if (!state.documentIds.includes(command.data.documentId)) return [];
        return [{ type: 'UserDocumentRemoved', data: command.data }];
      case 'StartDocumentAnalysis': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        // -1: the plan has no analysis; 0: unlimited.
        const limit = memberTier(state.tier).maxDocumentAnalyses;
        if (limit < 0) throw new DomainError('forbidden', ANALYSIS_MESSAGES.freePlan, { upgrade: true });
        const used = Object.values(state.analysisMonths).filter((month) => month === command.data.month).length;
        if (limit > 0 && used >= limit) throw new DomainError('limit-reached', ANALYSIS_MESSAGES.limitReached(limit), { limit, used });
        return [{ type: 'UserDocumentAnalysisStarted', data: command.data }];
      }
      case 'RefundDocumentAnalysis':
        if (!(command.data.analysisId in state.analysisMonths)) return [];
        return [{ type: 'UserDocumentAnalysisRefunded', data: command.data }];
      case 'ChangeUserTier':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (state.tier === command.data.tierName) return [];
        return [
          {
            type: 'UserTierChanged',
            data: { userId: command.data.userId, from: state.tier, to: command.data.tierName, reason: command.data.reason },
          },
        ];
      case 'RevokeUserRole':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (!isStaffTier(command.data.tierName)) throw new DomainError('invalid', `${command.data.tierName} is a plan, not a role.`);
        // Nothing to take away: the account does not hold this role (now).
        if (state.tier !== command.data.tierName) return [];
        return [
          {
            type: 'UserTierChanged',
            data: { userId: command.data.userId, from: state.tier, to: state.customerTier, reason: command.data.reason },
          },
        ];
    }
  },
};

/**
 * Claims, documents and analyses are all decided on the user's stream, so a burst of N requests
 * from one user needs up to N tries for the last of them.
 */
export const USER_STREAM_MAX_ATTEMPTS = 50;
