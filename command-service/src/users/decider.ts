import { z } from 'zod';
import {
  ANALYSIS_MESSAGES,
  CHAT_MESSAGES,
  DOCUMENT_MESSAGES,
  MEMBER_TIER_NAMES,
  memberTier,
  rolesOfTier,
  SOLD_TIER_ORDER,
  SPEC_PROBLEMS,
  type EventDataOf,
  type MemberTierName,
  type SealedData,
  type UserEvent,
} from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type { UserEvent };

export interface UserState {
  registered: boolean;
  tier: MemberTierName;
  /** The latest tier without a staff role (a plan); where revoking a role takes the account back to. */
  customerTier: MemberTierName;
  /** Claims registered so far, and how many per year (for the claim numbers). */
  claims: number;
  claimsByYear: Record<string, number>;
  /** Documents the user keeps now (registered minus removed); removing one frees its slot. */
  documents: number;
  /** Analyses that count against the monthly quota, by month (`YYYY-MM`), for the newest months seen. */
  analysesByMonth: Record<string, number>;
  /**
   * Which month each analysis of those months was started in. The oldest stored refunds do not say
   * their month, so reading them needs this; it is therefore used only while folding events older
   * than the first snapshot and is left out of snapshots. `evolve` updates it in place (a
   * state is folded forward, never branched), so the fold stays linear.
   */
  startedMonths: Map<string, string>;
  /** AI questions that count against the monthly quota, by month (`YYYY-MM`), for the newest months seen. */
  questionsByMonth: Record<string, number>;
}

/**
 * The quota of the current month decides; the previous one is kept for a request whose month was
 * taken just before midnight and recorded just after. Older months are dropped, so the state stays
 * the same size however long the user's history.
 */
const MONTHS_KEPT = 2;

export type UserCommand =
  | { type: 'RegisterUser'; data: EventDataOf<'UserRegistered'> }
  | { type: 'UpdateUserProfile'; data: { userId: string; personal: SealedData; changedFields: string[] } }
  | { type: 'RegisterClaim'; data: { userId: string; claimId: string; year: number } }
  | { type: 'RegisterDocument'; data: { userId: string; documentId: string } }
  | { type: 'RemoveDocument'; data: { userId: string; documentId: string } }
  | { type: 'StartDocumentAnalysis'; data: { userId: string; documentId: string; analysisId: string; month: string } }
  | { type: 'RefundDocumentAnalysis'; data: { userId: string; documentId: string; analysisId: string; month: string } }
  | { type: 'CountChatQuestion'; data: { userId: string; questionId: string; sessionId: string | null; month: string } }
  | { type: 'RefundChatQuestion'; data: { userId: string; questionId: string; month: string } }
  | {
      type: 'ChangeUserTier';
      data: { userId: string; tierName: MemberTierName; reason: EventDataOf<'UserTierChanged'>['reason'] };
    }
  | {
      /**
       * The tier that follows from the user's subscriptions (billing). It moves only between
       * the sold plans: a tier an administrator assigned (a staff role, transitioning, medical) stays.
       */
      type: 'ApplySubscriptionTier';
      data: { userId: string; tierName: 'free' | 'basic' | 'pro' };
    }
  | {
      type: 'RevokeUserRole';
      /** `tierName` is the staff tier whose role is taken away. */
      data: { userId: string; tierName: MemberTierName; reason: EventDataOf<'UserTierChanged'>['reason'] };
    };

const isStaffTier = (tier: MemberTierName) => rolesOfTier(tier).length > 0;

/** The month's count moved by `delta`; only the newest {@link MONTHS_KEPT} months are kept. */
function countAnalysis(state: UserState, month: string, delta: 1 | -1): UserState {
  const counted = state.analysesByMonth[month];
  // A refund for a month no longer kept (or never counted) changes no quota that still decides.
  if (delta < 0 && counted === undefined) return state;
  const byMonth = { ...state.analysesByMonth, [month]: Math.max(0, (counted ?? 0) + delta) };
  const months = Object.keys(byMonth).sort();
  if (months.length <= MONTHS_KEPT) return { ...state, analysesByMonth: byMonth };
  const oldestKept = months[months.length - MONTHS_KEPT]!;
  for (const old of months.slice(0, -MONTHS_KEPT)) delete byMonth[old];
  for (const [analysisId, startedIn] of state.startedMonths) if (startedIn < oldestKept) state.startedMonths.delete(analysisId);
  return { ...state, analysesByMonth: byMonth };
}

/** Like analyses: the month's question count moved by `delta`, only the newest months kept. */
function countQuestion(state: UserState, month: string, delta: 1 | -1): UserState {
  const counted = state.questionsByMonth[month];
  if (delta < 0 && counted === undefined) return state;
  const byMonth = { ...state.questionsByMonth, [month]: Math.max(0, (counted ?? 0) + delta) };
  for (const old of Object.keys(byMonth).sort().slice(0, -MONTHS_KEPT)) delete byMonth[old];
  return { ...state, questionsByMonth: byMonth };
}

const snapshotSchema = z.object({
  registered: z.boolean(),
  tier: z.enum(MEMBER_TIER_NAMES),
  customerTier: z.enum(MEMBER_TIER_NAMES),
  claims: z.number().int().nonnegative(),
  claimsByYear: z.record(z.string(), z.number().int().nonnegative()),
  documents: z.number().int().nonnegative(),
  analysesByMonth: z.record(z.string(), z.number().int().nonnegative()),
  questionsByMonth: z.record(z.string(), z.number().int().nonnegative()),
});

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({
    registered: false,
    tier: 'free',
    customerTier: 'free',
    claims: 0,
    claimsByYear: {},
    documents: 0,
    analysesByMonth: {},
    startedMonths: new Map(),
    questionsByMonth: {},
  }),

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
        return { ...state, documents: state.documents + 1 };
      case 'UserDocumentRemoved':
        return { ...state, documents: Math.max(0, state.documents - 1) };
      case 'UserDocumentAnalysisStarted':
        state.startedMonths.set(event.data.analysisId, event.data.month);
        return countAnalysis(state, event.data.month, 1);
      case 'UserDocumentAnalysisRefunded': {
        const month = event.data.month ?? state.startedMonths.get(event.data.analysisId);
        state.startedMonths.delete(event.data.analysisId);
        return month === undefined ? state : countAnalysis(state, month, -1);
      }
      case 'UserChatQuestionCounted':
        return countQuestion(state, event.data.month, 1);
      case 'UserChatQuestionRefunded':
        return countQuestion(state, event.data.month, -1);
      case 'UserProfileUpdated':
      case 'UserUsageLimitReached':
        return state;
    }
  },

  /**
   * The state is a handful of counts, so a snapshot costs the same at any age; with one every 50
   * events a command reads at most 50 of the user's events, however many the user has.
   */
  snapshot: {
    name: 'user@4',
    every: 50,
    save: ({ startedMonths: _foldOnly, ...state }) => state,
    load: (saved) => ({ ...snapshotSchema.parse(saved), startedMonths: new Map() }),
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
          throw new DomainError('limit-reached', SPEC_PROBLEMS.claimLimitReached(limit), { limit });
        }
        const year = String(command.data.year);
        const sequence = (state.claimsByYear[year] ?? 0) + 1;
        return [
          {
            type: 'UserClaimRegistered',
            data: {
              userId: command.data.userId,
              claimId: command.data.claimId,
              claimNumber: `${year}-${String(sequence).padStart(3, '0')}`,
            },
          },
        ];
      }
      case 'RegisterDocument': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        const limit = memberTier(state.tier).maxDocumentUploads;
        if (limit > 0 && state.documents >= limit) {
          throw new DomainError('limit-reached', DOCUMENT_MESSAGES.limitReached(limit), { limit });
        }
        return [{ type: 'UserDocumentRegistered', data: command.data }];
      }
      // Counts only: that the document is the user's and is freed once is proven outside this state
      // (see `documentCommands.delete`: its own stream says so, and the event id is the document's).
      case 'RemoveDocument':
        if (state.documents === 0) return [];
        return [{ type: 'UserDocumentRemoved', data: command.data }];
      case 'StartDocumentAnalysis': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        // -1: the plan has no analysis; 0: unlimited.
        const limit = memberTier(state.tier).maxDocumentAnalyses;
        if (limit < 0) throw new DomainError('forbidden', SPEC_PROBLEMS.upgradeRequired(), { upgrade: true });
        const used = state.analysesByMonth[command.data.month] ?? 0;
        if (limit > 0 && used >= limit) throw new DomainError('limit-reached', ANALYSIS_MESSAGES.limitReached(limit), { limit, used });
        const started: UserEvent = { type: 'UserDocumentAnalysisStarted', data: command.data };
        // The one that uses the month's allowance up says so, and the user is told.
        if (limit > 0 && used + 1 === limit) {
          const { userId, month } = command.data;
          return [started, { type: 'UserUsageLimitReached', data: { userId, usage: 'document-analyses', month, limit } }];
        }
        return [started];
      }
      // Counts only, like documents: the analysis is shown to have started by its document's stream,
      // and refunded once by its event id (see `analysisCommands`).
      case 'RefundDocumentAnalysis':
        if (!state.analysesByMonth[command.data.month]) return [];
        return [{ type: 'UserDocumentAnalysisRefunded', data: command.data }];
      case 'CountChatQuestion': {
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        // 0: unlimited.
        const limit = memberTier(state.tier).maxAiQuestions;
        const used = state.questionsByMonth[command.data.month] ?? 0;
        if (limit > 0 && used >= limit) {
          throw new DomainError('limit-reached', CHAT_MESSAGES.questionLimitReached(limit), { limit, used, upgrade: true });
        }
        return [{ type: 'UserChatQuestionCounted', data: command.data }];
      }
      // Counts only: the caller shows the question was counted, and the event id (from the question) makes it once.
      case 'RefundChatQuestion':
        if (!state.questionsByMonth[command.data.month]) return [];
        return [{ type: 'UserChatQuestionRefunded', data: command.data }];
      case 'ChangeUserTier':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (state.tier === command.data.tierName) return [];
        return [
          {
            type: 'UserTierChanged',
            data: { userId: command.data.userId, from: state.tier, to: command.data.tierName, reason: command.data.reason },
          },
        ];
      case 'ApplySubscriptionTier':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (!SOLD_TIER_ORDER.includes(state.tier) || state.tier === command.data.tierName) return [];
        return [
          {
            type: 'UserTierChanged',
            data: { userId: command.data.userId, from: state.tier, to: command.data.tierName, reason: 'subscription' },
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
