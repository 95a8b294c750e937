import type { OutboxMessage } from '@cc/contracts';
import { apiFetch, apiJson } from '../api/http';

export function sendSampleEmails(to: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/emails/send-sample', { method: 'POST', body: { to } });
}

export interface Outbox {
  messages: OutboxMessage[];
  total: number;
  /** `outbox` (embedded: messages can be opened) or `smtp`. */
  transport: string;
}

export async function fetchOutbox(count: number, signal?: AbortSignal): Promise<Outbox> {
  const range = encodeURIComponent(JSON.stringify([0, count - 1]));
  const response = await apiFetch(`/api/emails/outbox?range=${range}`, { signal });
  const messages = (await response.json()) as OutboxMessage[];
  const total = Number(response.headers.get('Content-Range')?.split('/')[1]);
  return {
    messages,
    total: Number.isFinite(total) ? total : messages.length,
    transport: response.headers.get('X-Mail-Transport') ?? 'outbox',
  };
}

export const outboxHtmlUrl = (id: string) => `/api/emails/outbox/${encodeURIComponent(id)}/html`;
export const outboxRawUrl = (id: string) => `/api/emails/outbox/${encodeURIComponent(id)}/raw`;
