import { NOTIFICATION_EVENT_TYPES } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import { setBasedProjector, type SetBasedProjector } from '../runner/setBasedProjector';
import { ACCOUNT_ERASED } from '../account/erasedRows';
import { preloadOwners } from '../claims/sealed';

interface NotificationRow {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
}

const NOTIFICATION_EVENTS_AND_ERASURE = [...NOTIFICATION_EVENT_TYPES, ACCOUNT_ERASED] as const;

/** In-app notifications with their read state (the bell and `GET /api/notifications`). */
export function notificationsProjector(vault: PersonalDataVault): SetBasedProjector {
  return setBasedProjector<
    (typeof NOTIFICATION_EVENTS_AND_ERASURE)[number],
    { notifications: NotificationRow },
    { content?: { title: string; body: string } }
  >({
    name: 'notifications',
    version: 1,
    handles: NOTIFICATION_EVENTS_AND_ERASURE,
    tables: {
      notifications: {
        key: ['id'],
        columns: {
          id: 'uuid',
          user_id: 'uuid',
          kind: 'text',
          title: 'text',
          body: 'text',
          link: 'text',
          created_at: 'timestamptz',
          read_at: 'timestamptz',
        },
      },
    },
    preload: preloadOwners(vault),
    async open(event) {
      if (event.type !== 'NotificationCreated') return {};
      return { content: await vault.open<{ title: string; body: string }>(event.data.userId, event.data.content) };
    },
    touches(event) {
      switch (event.type) {
        case 'NotificationCreated':
        case 'NotificationRead':
          return { notifications: [{ id: event.data.notificationId }] };
        default:
          return { notifications: [{ user_id: event.data.userId }] };
      }
    },
    evolve({ notifications }, event, opened) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case ACCOUNT_ERASED:
          for (const row of notifications.where({ user_id: event.data.userId })) notifications.delete(row);
          return;
        case 'NotificationCreated': {
          const d = event.data;
          // Without the key (an erased account) there is nothing to show: no row.
          if (!opened.content || notifications.get({ id: d.notificationId })) return;
          notifications.put({
            id: d.notificationId,
            user_id: d.userId,
            kind: d.kind,
            title: opened.content.title,
            body: opened.content.body,
            link: d.link ?? null,
            created_at: at,
            read_at: null,
          });
          return;
        }
        case 'NotificationRead': {
          const row = notifications.get({ id: event.data.notificationId });
          if (row && row.user_id === event.data.userId && row.read_at === null) notifications.put({ ...row, read_at: at });
          return;
        }
        case 'NotificationsAllRead':
          // The fold goes in event order, so these are exactly the notifications made before this event.
          for (const row of notifications.where({ user_id: event.data.userId })) {
            if (row.read_at === null) notifications.put({ ...row, read_at: at });
          }
          return;
      }
    },
  });
}
