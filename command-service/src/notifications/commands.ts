import { streams, type NotificationKind } from '@cc/contracts';
import {
  DecidedStates,
  handleCommand,
  idempotentEventId,
  PersonalDataErasedError,
  type EventMetadata,
  type EventStore,
  type PersonalDataVault,
  type SendOptions,
} from '@cc/platform';
import { notificationsDecider, type NotificationCommand } from './decider';

export interface NotificationCommandsDeps {
  store: EventStore;
  vault: PersonalDataVault;
}

/** In-app notifications: made by the notifications worker, read by their user. */
export function notificationCommands({ store, vault }: NotificationCommandsDeps) {
  // The worker records one for nearly every event it handles: its next command on a user's stream
  // starts from the state it decided there last, with no read of the snapshot and the events after it.
  const decided = new DecidedStates();
  const onStream = (userId: string, command: NotificationCommand, metadata: Partial<EventMetadata>, idempotencyKey?: string) =>
    handleCommand({
      store,
      streamId: streams.notifications(userId),
      decider: notificationsDecider,
      command,
      metadata,
      idempotencyKey,
      maxAttempts: 20,
      decided,
    });

  return {
    /**
     * Records one notification. Its id and its event's id come from the idempotency key, so the
     * worker's repeated delivery is refused by the store as a duplicate. Nothing is recorded for
     * an account that was deleted meanwhile. Answers the notification's id.
     */
    async create(
      input: { userId: string; kind: NotificationKind; title: string; body: string; link: string | null },
      options: SendOptions,
    ): Promise<string | undefined> {
      const notificationId = idempotentEventId(options.idempotencyKey, 'notification');
      let content;
      try {
        content = await vault.seal(input.userId, { title: input.title, body: input.body });
      } catch (error) {
        if (error instanceof PersonalDataErasedError) return undefined;
        throw error;
      }
      await onStream(
        input.userId,
        { type: 'CreateNotification', data: { notificationId, userId: input.userId, kind: input.kind, content, link: input.link } },
        options.metadata,
        options.idempotencyKey,
      );
      return notificationId;
    },

    markRead: (userId: string, notificationId: string, metadata: Partial<EventMetadata>) =>
      onStream(userId, { type: 'MarkNotificationRead', data: { userId, notificationId } }, metadata),

    markAllRead: (userId: string, metadata: Partial<EventMetadata>) =>
      onStream(userId, { type: 'MarkAllNotificationsRead', data: { userId } }, metadata),
  };
}

export type NotificationCommands = ReturnType<typeof notificationCommands>;
