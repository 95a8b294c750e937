import { NOTIFICATION_EVENT_TYPES, type EventDataOf } from '@cc/contracts';
import type { PersonalDataVault } from '@cc/platform';
import type { Projector } from '../runner/projector';
import { ACCOUNT_ERASED, erasedUserOf } from '../account/erasedRows';

/** In-app notifications with their read state (the bell and `GET /api/notifications`). */
export function notificationsProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'notifications',
    version: 1,
    tables: ['notifications'],
    handles: [...NOTIFICATION_EVENT_TYPES, ACCOUNT_ERASED],
    async project(event, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        await trx('notifications').where({ user_id: erased }).del();
        return;
      }
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'NotificationCreated': {
          const d = event.data as EventDataOf<'NotificationCreated'>;
          const content = await vault.open<{ title: string; body: string }>(d.userId, d.content);
          // Without the key (an erased account) there is nothing to show: no row.
          if (!content) return;
          await trx('notifications')
            .insert({
              id: d.notificationId,
              user_id: d.userId,
              kind: d.kind,
              title: content.title,
              body: content.body,
              link: d.link,
              created_at: at,
            })
            .onConflict('id')
            .ignore();
          return;
        }
        case 'NotificationRead': {
          const d = event.data as EventDataOf<'NotificationRead'>;
          await trx('notifications').where({ id: d.notificationId, user_id: d.userId }).whereNull('read_at').update({ read_at: at });
          return;
        }
        case 'NotificationsAllRead': {
          // Rows are inserted in event order, so these are exactly the notifications made before this event.
          const d = event.data as EventDataOf<'NotificationsAllRead'>;
          await trx('notifications').where({ user_id: d.userId }).whereNull('read_at').update({ read_at: at });
          return;
        }
      }
    },
  };
}
