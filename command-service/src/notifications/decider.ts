import { DomainError, type Decider } from '@cc/platform';
import type { EventDataOf, NotificationEvent } from '@cc/contracts';

/** Events of `notifications-<userId>`. */
export type { NotificationEvent };

/** Counts only, so the state stays small however many notifications the user gets. */
export interface NotificationsState {
  created: number;
  /** Created since the last "read all", minus those read one by one (an upper bound of the unread). */
  unreadAtMost: number;
}

export type NotificationCommand =
  | { type: 'CreateNotification'; data: EventDataOf<'NotificationCreated'> }
  | { type: 'MarkNotificationRead'; data: EventDataOf<'NotificationRead'> }
  | { type: 'MarkAllNotificationsRead'; data: EventDataOf<'NotificationsAllRead'> };

export const notificationsDecider: Decider<NotificationsState, NotificationCommand, NotificationEvent> = {
  initialState: () => ({ created: 0, unreadAtMost: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationCreated':
        return { created: state.created + 1, unreadAtMost: state.unreadAtMost + 1 };
      case 'NotificationRead':
        return { ...state, unreadAtMost: Math.max(0, state.unreadAtMost - 1) };
      case 'NotificationsAllRead':
        return { ...state, unreadAtMost: 0 };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateNotification':
        return [{ type: 'NotificationCreated', data: command.data }];
      // Whether this notification is the user's and unread is the read model's to say (the route
      // checks it); reading one twice changes nothing there.
      case 'MarkNotificationRead':
        if (state.created === 0) throw new DomainError('not-found', 'Notification not found.');
        return [{ type: 'NotificationRead', data: command.data }];
      case 'MarkAllNotificationsRead':
        if (state.unreadAtMost === 0) return [];
        return [{ type: 'NotificationsAllRead', data: command.data }];
    }
  },
  snapshot: {
    name: 'notifications@1',
    every: 100,
    save: (state) => state,
    load: (saved) => {
      const s = saved as NotificationsState;
      if (typeof s?.created !== 'number' || typeof s?.unreadAtMost !== 'number') throw new Error('not a notifications state');
      return { created: s.created, unreadAtMost: s.unreadAtMost };
    },
  },
};
