import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@cc/contracts';
import { parseListQuery, requireAuth, sendList } from '@cc/platform';
import { countUnread, listNotifications, NOTIFICATION_SORT_COLUMNS } from './queries';

export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

export function notificationReadRoutes(knex: Knex): Router {
  const router = Router();

  /** The user's notifications, newest first by default (the list contract of §6); the unread count in a header. */
  router.get('/api/notifications', async (req, res) => {
    const auth = requireAuth(res);
    const query = parseListQuery(req.query as Record<string, unknown>, {
      sortColumns: NOTIFICATION_SORT_COLUMNS,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filter: z.object({ isRead: z.boolean().optional(), kind: z.enum(NOTIFICATION_KINDS).optional() }).strict(),
    });
    // One snapshot for the page, its total and the unread count, so the header never disagrees with the rows.
    const { rows, total, unread } = await knex.transaction(
      async (trx) => ({ ...(await listNotifications(trx, auth.userId, query)), unread: await countUnread(trx, auth.userId) }),
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader(UNREAD_COUNT_HEADER, String(unread));
    sendList(res, 'notifications', rows, total, query.range);
  });

  /** What the bell shows. */
  router.get('/api/notifications/unread-count', async (_req, res) => {
    const auth = requireAuth(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ unreadCount: await countUnread(knex, auth.userId) });
  });

  return router;
}
