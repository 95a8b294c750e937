import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_VALID_MINUTES, streams, type EventDataOf } from '@cc/contracts';
import { handleCommand, type EventMetadata, type EventStore } from '@cc/platform';
import { accountDecider, type AccountCommand } from './decider';

type Metadata = Partial<EventMetadata>;

/** The account's security and lifecycle events (`account-<userId>`); the gateway checks the secrets. */
export function accountCommands({ store, now = () => new Date() }: { store: EventStore; now?: () => Date }) {
  const onAccount = (userId: string, command: AccountCommand, metadata: Metadata) =>
    handleCommand({ store, streamId: streams.account(userId), decider: accountDecider, command, metadata });

  return {
    /** Records the request (no secret in it); undefined when the account was sent one too recently. */
    async requestPasswordReset(userId: string, metadata: Metadata) {
      const requestId = randomUUID();
      const result = await onAccount(
        userId,
        {
          type: 'RequestPasswordReset',
          data: { userId, requestId, requestedAt: now().toISOString(), validMinutes: PASSWORD_RESET_VALID_MINUTES },
        },
        metadata,
      );
      return result.events.length ? { requestId, position: result.position! } : undefined;
    },

    recordPasswordChange: (userId: string, method: EventDataOf<'PasswordChanged'>['method'], metadata: Metadata) =>
      onAccount(userId, { type: 'RecordPasswordChange', data: { userId, method } }, metadata),

    /** The point of no return of an account deletion; what it takes with it is the erasure's work. */
    erase: (userId: string, metadata: Metadata) =>
      onAccount(userId, { type: 'EraseAccount', data: { userId, erasedAt: now().toISOString() } }, metadata),
  };
}

export type AccountCommands = ReturnType<typeof accountCommands>;
