import type { Knex } from 'knex';
import { countList, pageList, type ListQuery, type SortColumns } from '@cc/platform';
import type { AppNotification, NotificationKind } from '@cc/contracts';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  isRead: row.read_at !== null,
  readAt: row.read_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

export const NOTIFICATION_SORT_COLUMNS: SortColumns<AppNotification> = {
  id: 'id',
  kind: 'kind',
  title: 'title',
  body: 'body',
  link: 'link',
  isRead: '(read_at is not null)',
  readAt: 'read_at',
  createdAt: 'created_at',
};

export type NotificationListQuery = ListQuery<keyof AppNotification, { isRead?: boolean; kind?: NotificationKind }>;

export async function listNotifications(knex: Knex, userId: string, query: NotificationListQuery) {
  const base = knex('notifications')
    .where({ user_id: userId })
    .modify((q) => {
      if (query.filter.kind) q.where('kind', query.filter.kind);
      if (query.filter.isRead === true) q.whereNotNull('read_at');
      if (query.filter.isRead === false) q.whereNull('read_at');
    });
  const total = await countList(base, NOTIFICATION_SORT_COLUMNS, query);
  const rows: NotificationRow[] = await pageList(base.clone(), NOTIFICATION_SORT_COLUMNS, query, 'id');
  return { rows: rows.map(toNotification), total };
}

export async function findNotification(knex: Knex, userId: string, id: string): Promise<AppNotification | undefined> {
  const row: NotificationRow | undefined = await knex('notifications').where({ id, user_id: userId }).first();
  return row ? toNotification(row) : undefined;
}

export async function countUnread(knex: Knex, userId: string): Promise<number> {
  const [{ count }] = (await knex('notifications').where({ user_id: userId }).whereNull('read_at').count('* as count')) as [
    { count: string },
  ];
  return Number(count);
}

/** Everything the user was notified of, oldest first (the data export). */
export async function allNotifications(knex: Knex, userId: string): Promise<AppNotification[]> {
  const rows: NotificationRow[] = await knex('notifications').where({ user_id: userId }).orderBy('created_at', 'asc');
  return rows.map(toNotification);
}
