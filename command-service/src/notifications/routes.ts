import { Router } from 'express';
import type { AppNotification } from '@cc/contracts';
import { answerCommand, commandMetadata, isUuid, problems, requireAuth, type GlobalPosition } from '@cc/platform';
import type { NotificationCommands } from './commands';

export interface NotificationReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  notification(userId: string, notificationId: string): Promise<AppNotification | undefined>;
  unreadNotifications(userId: string): Promise<number>;
}

export function notificationRoutes(notifications: NotificationCommands, readBack: NotificationReadBack): Router {
  const router = Router();

  /** Marks one of the user's notifications read; someone else's or an unknown id is 404. */
  router.post('/api/notifications/:id/read', async (req, res) => {
    const auth = requireAuth(res);
    const id = String(req.params.id);
    if (!isUuid(id) || !(await readBack.notification(auth.userId, id))) throw problems.notFound('Notification not found.');
    const result = await notifications.markRead(auth.userId, id, commandMetadata(res));
    await answerCommand(res, {
      position: result.position,
      waitFor: readBack.waitFor,
      read: () => readBack.notification(auth.userId, id),
      accepted: { id, location: '/api/notifications' },
    });
  });

  router.post('/api/notifications/read-all', async (_req, res) => {
    const auth = requireAuth(res);
    const result = await notifications.markAllRead(auth.userId, commandMetadata(res));
    await answerCommand(res, {
      position: result.position,
      waitFor: readBack.waitFor,
      read: async () => ({ unreadCount: await readBack.unreadNotifications(auth.userId) }),
      accepted: { id: auth.userId, location: '/api/notifications' },
    });
  });

  return router;
}
