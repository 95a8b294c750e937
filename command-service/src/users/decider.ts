import type { DomainEvent, EventDataOf, MemberTierName, SealedData } from '@cc/contracts';
import { DomainError, type Decider } from '@cc/platform';

export type UserEvent = Extract<DomainEvent, { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserTierChanged' }>;

export interface UserState {
  registered: boolean;
  tier: MemberTierName;
}

export type UserCommand =
  | { type: 'RegisterUser'; data: EventDataOf<'UserRegistered'> }
  | { type: 'UpdateUserProfile'; data: { userId: string; personal: SealedData; changedFields: string[] } }
  | {
      type: 'ChangeUserTier';
      data: { userId: string; tierName: MemberTierName; reason: EventDataOf<'UserTierChanged'>['reason'] };
    };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ registered: false, tier: 'free' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { registered: true, tier: event.data.memberTier };
      case 'UserTierChanged':
        return { ...state, tier: event.data.to };
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
      case 'ChangeUserTier':
        if (!state.registered) throw new DomainError('not-found', 'User not found.');
        if (state.tier === command.data.tierName) return [];
        return [
          {
            type: 'UserTierChanged',
            data: { userId: command.data.userId, from: state.tier, to: command.data.tierName, reason: command.data.reason },
          },
        ];
    }
  },
};
