import { streams, type EventDataOf, type MemberTierName, type UserPersonalData, type UserProfileChanges } from '@cc/contracts';
import { handleCommand, type EventMetadata, type EventStore, type PersonalDataVault } from '@cc/platform';
import { USER_STREAM_MAX_ATTEMPTS, userDecider } from './decider';

export interface UserCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
}

/** The write side of users: what the gateway (sign-in) and the admin routes ask for. */
export function userCommands({ store, vault }: UserCommandsDeps) {
  return {
    async register(
      input: {
        userId: string;
        personal: UserPersonalData;
        memberTier: MemberTierName;
        authMethod: EventDataOf<'UserRegistered'>['authMethod'];
        consent?: EventDataOf<'UserRegistered'>['consent'];
      },
      metadata: Partial<EventMetadata>,
    ) {
      const personal = await vault.seal(input.userId, input.personal);
      return handleCommand({
        store,
        streamId: streams.user(input.userId),
        decider: userDecider,
        command: {
          type: 'RegisterUser',
          data: {
            userId: input.userId,
            memberTier: input.memberTier,
            authMethod: input.authMethod,
            personal,
            ...(input.consent ? { consent: input.consent } : {}),
          },
        },
        metadata,
      });
    },

    async changeTier(
      userId: string,
      tierName: MemberTierName,
      reason: EventDataOf<'UserTierChanged'>['reason'],
      metadata: Partial<EventMetadata>,
    ) {
      return handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'ChangeUserTier', data: { userId, tierName, reason } },
        metadata,
      });
    },

    /** Profile fields are personal data: sealed with the user's key, so erasing the key erases them. */
    async updateProfile(userId: string, changes: UserProfileChanges, metadata: Partial<EventMetadata>) {
      const changedFields = Object.keys(changes);
      const personal = await vault.seal(userId, changes);
      return handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'UpdateUserProfile', data: { userId, personal, changedFields } },
        metadata,
        maxAttempts: USER_STREAM_MAX_ATTEMPTS,
      });
    },

    /** Takes a staff role away: the account goes back to its latest plan (Free if it never had one). */
    async revokeRole(
      userId: string,
      tierName: MemberTierName,
      reason: EventDataOf<'UserTierChanged'>['reason'],
      metadata: Partial<EventMetadata>,
    ) {
      return handleCommand({
        store,
        streamId: streams.user(userId),
        decider: userDecider,
        command: { type: 'RevokeUserRole', data: { userId, tierName, reason } },
        metadata,
      });
    },
  };
}

export type UserCommands = ReturnType<typeof userCommands>;
