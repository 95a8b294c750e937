import type { AppNotification } from '@cc/contracts';
import { apiFetch, apiJson } from '../api/http';

export interface NotificationPage {
  notifications: AppNotification[];
  unreadCount: number;
}

/** The newest notifications and the unread count (sent in `X-Unread-Count`). */
export async function fetchNotifications(count: number, signal?: AbortSignal): Promise<NotificationPage> {
  const range = encodeURIComponent(JSON.stringify([0, count - 1]));
  const response = await apiFetch(`/api/notifications?range=${range}`, { signal });
  const notifications = (await response.json()) as AppNotification[];
  const unread = Number(response.headers.get('X-Unread-Count'));
  return { notifications, unreadCount: Number.isFinite(unread) ? unread : notifications.filter((n) => !n.isRead).length };
}

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const { unreadCount } = await apiJson<{ unreadCount: number }>('/api/notifications/unread-count', { signal });
  return unreadCount;
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiFetch('/api/notifications/read-all', { method: 'POST', body: {} });
}
