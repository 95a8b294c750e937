import type { ChatMessage, ChatSession, ChatUsage, WidgetAnswer, WidgetMessage } from '@cc/contracts';
import { apiJson, ApiError } from '../api/http';
import { reportUnauthorized } from '../auth/unauthorized';

/** The chat calls of spec doc 1 §7. In chat a lost session redirects to sign-in at once (doc 1 §8). */

export const sessionPath = (id: string) => `/api/ai-chat/sessions/${encodeURIComponent(id)}`;

async function chatJson<T>(path: string, request: Parameters<typeof apiJson>[1] = {}): Promise<T> {
  try {
    return await apiJson<T>(path, { ...request, reportUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) reportUnauthorized({ immediate: true });
    throw error;
  }
}

export const fetchSessions = (signal?: AbortSignal) => chatJson<ChatSession[]>('/api/ai-chat/sessions', { signal });
export const createSession = () => chatJson<ChatSession>('/api/ai-chat/sessions', { method: 'POST', body: {} });
export const renameSession = (id: string, title: string) => chatJson<ChatSession>(sessionPath(id), { method: 'PATCH', body: { title } });
export const deleteSession = (id: string) => chatJson<void>(sessionPath(id), { method: 'DELETE' });
export const fetchMessages = (id: string, signal?: AbortSignal) => chatJson<ChatMessage[]>(`${sessionPath(id)}/messages`, { signal });
export const fetchUsage = (signal?: AbortSignal) => chatJson<ChatUsage>('/api/ai-chat/usage', { signal });

/** The widget's last messages, oldest first (asked newest first, so a long conversation still gives its end). */
export async function fetchWidgetMessages(count: number, signal?: AbortSignal): Promise<WidgetMessage[]> {
  const query = `sort=${encodeURIComponent(JSON.stringify(['createdAt', 'DESC']))}&range=${encodeURIComponent(JSON.stringify([0, count - 1]))}`;
  return (await chatJson<WidgetMessage[]>(`/api/ai-chat/messages?${query}`, { signal })).reverse();
}

export const sendWidgetMessage = (content: string) => chatJson<WidgetAnswer>('/api/ai-chat/message', { method: 'POST', body: { content } });
