import { DomainError, type Decider } from '@cc/platform';
import type { AccountEvent, EventDataOf } from '@cc/contracts';

/** Events of `account-<userId>`: the account's security and lifecycle. */
export type { AccountEvent };

export interface AccountState {
  erased: boolean;
  /** When the latest reset e-mails were asked for (at most {@link RESET_REQUESTS_PER_HOUR}, oldest first). */
  resetRequests: string[];
}

export type AccountCommand =
  | { type: 'RequestPasswordReset'; data: { userId: string; requestId: string; requestedAt: string; validMinutes: number } }
  | { type: 'RecordPasswordChange'; data: EventDataOf<'PasswordChanged'> }
  | { type: 'EraseAccount'; data: EventDataOf<'AccountErased'> };

/**
 * Reset e-mails one account can be sent: a minute apart, at most 5 an hour. Anyone can ask for a
 * reset of any address, so without this the app could be made to flood someone's inbox.
 */
export const RESET_REQUESTS_PER_HOUR = 5;
export const RESET_REQUEST_SPACING_MS = 60_000;

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ erased: false, resetRequests: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'PasswordResetRequested':
        return { ...state, resetRequests: [...state.resetRequests, event.data.requestedAt].slice(-RESET_REQUESTS_PER_HOUR) };
      case 'PasswordChanged':
        return state;
      case 'AccountErased':
        return { ...state, erased: true };
    }
  },

  decide(command, state) {
    if (state.erased) throw new DomainError('not-found', 'This account has been deleted.');
    switch (command.type) {
      case 'RequestPasswordReset': {
        const at = Date.parse(command.data.requestedAt);
        const latest = state.resetRequests.at(-1);
        // Too soon after the last one, or the hour's allowance is used: nothing is sent (the answer is the same).
        if (latest && at - Date.parse(latest) < RESET_REQUEST_SPACING_MS) return [];
        const oldest = state.resetRequests[0];
        if (state.resetRequests.length >= RESET_REQUESTS_PER_HOUR && oldest && at - Date.parse(oldest) < 3_600_000) return [];
        const expiresAt = new Date(at + command.data.validMinutes * 60_000).toISOString();
        const { userId, requestId, requestedAt } = command.data;
        return [{ type: 'PasswordResetRequested', data: { userId, requestId, requestedAt, expiresAt } }];
      }
      case 'RecordPasswordChange':
        return [{ type: 'PasswordChanged', data: command.data }];
      case 'EraseAccount':
        return [{ type: 'AccountErased', data: command.data }];
    }
  },
};
